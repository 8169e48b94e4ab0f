import { DownOutlined, SearchOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, type FormInstance, Row, Space } from 'antd';
import { Children, type ReactNode, useState } from 'react';

export interface SearchBarProps<F> {
  /** The form's name: field ids become `<name>_<field>`, unique on the page. */
  name: string;
  form: FormInstance<F>;
  /** The search fields: one Form.Item each. */
  children: ReactNode;
  onSearch(values: F): void;
  onReset(): void;
  /** Fields shown while collapsed; the rest appear with 展开. */
  visibleCount?: number;
  initialValues?: Partial<F>;
}

/**
 * The search form above a list: fields in a responsive grid (4 per row on wide screens), 查询 and 重置, and
 * 展开/收起 when there are more fields than `visibleCount`. Collapsed fields keep their values.
 */
export function SearchBar<F extends object>({
  name,
  form,
  children,
  onSearch,
  onReset,
  visibleCount = 3,
  initialValues,
}: SearchBarProps<F>) {
  const [expanded, setExpanded] = useState(false);
  const fields = Children.toArray(children);
  const collapsible = fields.length > visibleCount;
  return (
    <Form<F>
      name={name}
      form={form}
      className="aps-search-bar"
      initialValues={initialValues}
      onFinish={onSearch}
      labelCol={{ flex: '80px' }}
      wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
      style={{ marginBottom: 8 }}
    >
      <Row gutter={16}>
        {fields.map((field, i) => (
          <Col
            // biome-ignore lint/suspicious/noArrayIndexKey: fields are static per page
            key={i}
            xs={24}
            sm={12}
            lg={8}
            xl={6}
            style={collapsible && !expanded && i >= visibleCount ? { display: 'none' } : undefined}
          >
            {field}
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8} xl={6}>
          <Form.Item>
            <Space size={8}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button
                icon={<UndoOutlined />}
                onClick={() => {
                  form.resetFields();
                  onReset();
                }}
              >
                重置
              </Button>
              {collapsible && (
                <Button type="link" style={{ paddingInline: 4 }} onClick={() => setExpanded((e) => !e)}>
                  {expanded ? '收起' : '展开'}
                  {expanded ? <UpOutlined /> : <DownOutlined />}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
