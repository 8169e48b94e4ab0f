import type { GatewayRouteDto } from '@aps/shared';
import {
  GATEWAY_FILTERS,
  GATEWAY_MESSAGES,
  GATEWAY_PREDICATES,
  GATEWAY_ROUTER_ID_PATTERN,
  GATEWAY_SORT_RANGE,
  isGatewayUri,
  maxLengthMessage,
  parseGatewayDefinitions,
} from '@aps/shared/constants';
import { App, Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { gatewayApi } from '../org.api.ts';
import { type BinaryStatus, definitionsText, GATEWAY_STATUS, toStatus } from '../org.rules.ts';

interface FormShape {
  routerId: string;
  name: string;
  uri: string;
  predicates: string;
  filters?: string;
  sortOrder: number;
  status: BinaryStatus;
  description?: string | null;
}

const STATUS_OPTIONS = GATEWAY_STATUS.map(({ value, label }) => ({ value, label }));
const PREDICATES = ['断言', GATEWAY_PREDICATES, true] as const;
const FILTERS = ['过滤器', GATEWAY_FILTERS, false] as const;
const JSON_STYLE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 };

/** The JSON text of predicates or filters, checked as the server will (names, shape, at least one predicate). */
function definitionsRule([what, names, required]: typeof PREDICATES | typeof FILTERS): Rule {
  return {
    validator: async (_r, value: string | undefined) => {
      const result = parseGatewayDefinitions(value, what, names, required);
      if (!result.ok) throw new Error(result.message);
    },
  };
}

const parsed = (text: string | undefined, [what, names, required]: typeof PREDICATES | typeof FILTERS) => {
  const result = parseGatewayDefinitions(text, what, names, required);
  return result.ok ? result.value : [];
};

/**
 * Add or edit a gateway route: id (unique), name, target URI, predicates and filters as Spring Cloud Gateway JSON,
 * order, status and description.
 */
export function GatewayRouteFormModal({
  open,
  route,
  onClose,
}: {
  open: boolean;
  route: GatewayRouteDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormShape>();
  const save = useCrudMutation(gatewayApi, gatewayApi.save);
  const initialValues = useMemo<Partial<FormShape>>(
    () =>
      route
        ? {
            routerId: route.routerId,
            name: route.name,
            uri: route.uri,
            predicates: definitionsText(route.predicates),
            filters: definitionsText(route.filters),
            sortOrder: route.sortOrder,
            status: toStatus(route.status),
            description: route.description,
          }
        : { sortOrder: 0, status: 1 },
    [route],
  );

  return (
    <ModalForm<FormShape>
      name="gatewayRouteForm"
      open={open}
      title={route ? '编辑' : '新增'}
      form={form}
      width={820}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({
          ...v,
          id: route?.id,
          predicates: parsed(v.predicates, PREDICATES),
          filters: parsed(v.filters, FILTERS),
          description: v.description?.trim() || null,
        });
        message.success(route ? '编辑成功!' : '添加成功！');
      }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="路由ID"
            name="routerId"
            validateFirst
            rules={[
              { required: true, whitespace: true, message: GATEWAY_MESSAGES.routerIdRequired },
              { max: 64, message: maxLengthMessage(64) },
              { pattern: GATEWAY_ROUTER_ID_PATTERN, message: GATEWAY_MESSAGES.routerIdPattern },
            ]}
          >
            <Input placeholder="如 aps-system" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="路由名称"
            name="name"
            validateFirst
            rules={[
              { required: true, whitespace: true, message: GATEWAY_MESSAGES.nameRequired },
              { max: 100, message: maxLengthMessage(100) },
            ]}
          >
            <Input placeholder="请输入路由名称" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            label="路由URI"
            name="uri"
            validateFirst
            rules={[
              { required: true, whitespace: true, message: GATEWAY_MESSAGES.uriRequired },
              { max: 500, message: maxLengthMessage(500) },
              {
                validator: async (_r, value: string) => {
                  if (!isGatewayUri(value.trim())) throw new Error(GATEWAY_MESSAGES.uriPattern);
                },
              },
            ]}
          >
            <Input placeholder="如 lb://aps-system 或 http://127.0.0.1:8080" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            label="断言"
            name="predicates"
            tooltip={`可用断言：${GATEWAY_PREDICATES.join('、')}`}
            rules={[definitionsRule(PREDICATES)]}
          >
            <Input.TextArea
              rows={4}
              style={JSON_STYLE}
              placeholder={'[{"name":"Path","args":{"_genkey_0":"/aps/sys/**"}}]'}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            label="过滤器"
            name="filters"
            tooltip={`可用过滤器：${GATEWAY_FILTERS.join('、')}`}
            rules={[definitionsRule(FILTERS)]}
          >
            <Input.TextArea
              rows={3}
              style={JSON_STYLE}
              placeholder={'[{"name":"StripPrefix","args":{"_genkey_0":"1"}}]（可不填）'}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="排序"
            name="sortOrder"
            rules={[{ required: true, type: 'integer', message: '排序须为整数' }]}
            extra="越小越先匹配"
          >
            <InputNumber
              min={GATEWAY_SORT_RANGE.min}
              max={GATEWAY_SORT_RANGE.max}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="状态" name="status" rules={[{ required: true, message: '请选择状态' }]}>
            <Radio.Group options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="描述" name="description" rules={[{ max: 500, message: maxLengthMessage(500) }]}>
            <Input.TextArea rows={2} placeholder="请输入描述" maxLength={500} showCount />
          </Form.Item>
        </Col>
      </Row>
    </ModalForm>
  );
}
