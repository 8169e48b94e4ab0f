import {
  DeleteOutlined,
  FilterOutlined,
  MinusCircleOutlined,
  PlusCircleOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import type { DictOption, SavedSuperQuery, SuperQueryListKey } from '@aps/shared';
import {
  SUPER_QUERY_MESSAGES as M,
  SUPER_QUERY_MATCH_LABELS,
  SUPER_QUERY_MATCH_TYPES,
  SUPER_QUERY_RULE_LABELS,
  SUPER_QUERY_RULES,
  type SuperQueryFieldDef,
  type SuperQueryMatchType,
  splitValue,
} from '@aps/shared/constants';
import {
  App,
  Badge,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Input,
  InputNumber,
  List,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSessionStore } from '../../features/platform/auth/store.ts';
import { HttpError } from '../http.ts';
import { useDeleteSuperQuery, useSavedSuperQueries, useSaveSuperQuery } from './api.ts';
import {
  type ActiveSuperQuery,
  changeField,
  changeRule,
  completeLines,
  linesOf,
  newLine,
  type SuperQueryLine,
} from './model.ts';

/** §9: the query modal is 1000 wide. */
export const SUPER_QUERY_MODAL_WIDTH = 1000;

export interface SuperQueryProps {
  /** The list its saved queries are filed under. */
  listKey: SuperQueryListKey;
  /** The list's allow-list (the same declarations the server maps to columns). */
  fields: readonly SuperQueryFieldDef[];
  /** The advanced query in force, null when none. */
  value: ActiveSuperQuery | null;
  /** 查询 hands over the complete lines; 重置 hands over null (§4: reset clears it). */
  onSearch: (query: ActiveSuperQuery | null) => void;
}

const RULE_OPTIONS = SUPER_QUERY_RULES.map((r) => ({ value: r, label: SUPER_QUERY_RULE_LABELS[r] }));
const MATCH_OPTIONS = SUPER_QUERY_MATCH_TYPES.map((m) => ({ value: m, label: SUPER_QUERY_MATCH_LABELS[m] }));
const DATE = 'YYYY-MM-DD';
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const NO_DICT: DictOption[] = [];

/**
 * 高级查询 (§3, §4, §5): a toolbar button and the builder modal (1000 wide) with lines of field / rule / value, the
 * match type and the user's saved queries. It only edits; the list page keeps the active query and sends it.
 */
export function SuperQuery({ listKey, fields, value, onSearch }: SuperQueryProps) {
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [lines, setLines] = useState<SuperQueryLine[]>(() => linesOf(value?.records ?? []));
  const [matchType, setMatchType] = useState<SuperQueryMatchType>(value?.matchType ?? 'and');
  const [naming, setNaming] = useState<string | null>(null);
  const saved = useSavedSuperQueries(listKey, open);
  const save = useSaveSuperQuery(listKey);
  const remove = useDeleteSuperQuery(listKey);
  const active = Boolean(value?.records.length);

  function show() {
    setLines(linesOf(value?.records ?? []));
    setMatchType(value?.matchType ?? 'and');
    setOpen(true);
  }

  const update = (key: string, change: (l: SuperQueryLine) => SuperQueryLine) =>
    setLines((all) => all.map((l) => (l.key === key ? change(l) : l)));
  const addAfter = (key?: string) =>
    setLines((all) => {
      const at = key ? all.findIndex((l) => l.key === key) + 1 : all.length;
      return [...all.slice(0, at), newLine(), ...all.slice(at)];
    });
  const removeLine = (key: string) => setLines((all) => all.filter((l) => l.key !== key));

  function search() {
    const records = completeLines(lines, fields);
    if (records.length === 0) {
      message.warning(M.emptyQuery);
      return;
    }
    onSearch({ matchType, records });
    setOpen(false);
  }

  function reset() {
    setLines([newLine()]);
    setMatchType('and');
    onSearch(null);
  }

  function startSave() {
    if (completeLines(lines, fields).length === 0) {
      message.warning(M.emptySave);
      return;
    }
    setNaming('');
  }

  async function store(title: string, overwrite: boolean) {
    try {
      await save.mutateAsync({ title, matchType, records: completeLines(lines, fields), overwrite });
      message.success(M.saved);
      setNaming(null);
    } catch (err) {
      // Another tab saved the same name meanwhile: ask as for a name the list already shows.
      if (err instanceof HttpError && err.status === 409 && !overwrite) {
        setNaming(null);
        confirmOverwrite(title);
      } else message.warning(err instanceof Error ? err.message : '保存失败');
    }
  }

  function confirmOverwrite(title: string) {
    modal.confirm({
      title: '提示',
      content: M.exists(title),
      okText: '确定',
      cancelText: '取消',
      onOk: () => store(title, true),
    });
  }

  function submitName() {
    const title = (naming ?? '').trim();
    if (!title) {
      message.warning(M.nameRequired);
      return;
    }
    if ((saved.data ?? []).some((q) => q.title === title)) {
      // The question replaces the name prompt rather than stacking on it.
      setNaming(null);
      confirmOverwrite(title);
    } else void store(title, false);
  }

  function load(q: SavedSuperQuery) {
    setLines(linesOf(q.records));
    setMatchType(q.matchType);
  }

  function confirmDelete(q: SavedSuperQuery) {
    modal.confirm({
      title: '提示',
      content: M.deleteConfirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(q.id);
          message.success(M.deleted);
        } catch (err) {
          message.warning(err instanceof Error ? err.message : '删除失败');
        }
      },
    });
  }

  return (
    <>
      <Tooltip title={active ? '已有高级查询条件生效' : undefined}>
        <Badge dot={active} offset={[-4, 4]}>
          <Button icon={<FilterOutlined />} type={active ? 'primary' : 'default'} ghost={active} onClick={show}>
            高级查询
          </Button>
        </Badge>
      </Tooltip>

      <Modal
        title="高级查询构造器"
        open={open}
        width={SUPER_QUERY_MODAL_WIDTH}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <div style={{ display: 'flex', alignItems: 'center' }}>
            <Button icon={<SaveOutlined />} onClick={startSave}>
              保存查询条件
            </Button>
            <Space style={{ marginLeft: 'auto' }}>
              <Button onClick={reset}>重置</Button>
              <Button onClick={() => setOpen(false)}>关闭</Button>
              <Button type="primary" icon={<FilterOutlined />} onClick={search}>
                查询
              </Button>
            </Space>
          </div>
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={18}>
            <Space style={{ marginBottom: 12 }}>
              <Typography.Text>过滤条件匹配：</Typography.Text>
              <Radio.Group
                aria-label="过滤条件匹配"
                optionType="button"
                buttonStyle="solid"
                value={matchType}
                onChange={(e) => setMatchType(e.target.value as SuperQueryMatchType)}
                options={MATCH_OPTIONS}
              />
            </Space>
            {lines.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有任何查询条件">
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => addAfter()}>
                  添加条件
                </Button>
              </Empty>
            ) : (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
                {lines.map((line, index) => (
                  <LineEditor
                    key={line.key}
                    index={index}
                    line={line}
                    fields={fields}
                    onChange={(change) => update(line.key, change)}
                    onAdd={() => addAfter(line.key)}
                    onRemove={() => removeLine(line.key)}
                  />
                ))}
              </div>
            )}
          </Col>
          <Col xs={24} md={6}>
            <Card size="small" title="保存的查询" styles={{ body: { padding: 0, maxHeight: 360, overflow: 'auto' } }}>
              <List<SavedSuperQuery>
                size="small"
                loading={saved.isFetching}
                dataSource={saved.data ?? []}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无保存的查询" /> }}
                renderItem={(q) => (
                  <List.Item
                    style={{ paddingInline: 12 }}
                    actions={[
                      <Button
                        key="delete"
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`删除查询 ${q.title}`}
                        onClick={() => confirmDelete(q)}
                      />,
                    ]}
                  >
                    <Typography.Link ellipsis onClick={() => load(q)} title={q.title} style={{ maxWidth: 150 }}>
                      {q.title}
                    </Typography.Link>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
      </Modal>

      <Modal
        title="请输入保存的名称"
        open={naming !== null}
        width={420}
        okText="确定"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={submitName}
        onCancel={() => setNaming(null)}
        destroyOnHidden
      >
        <Input
          aria-label="保存名称"
          placeholder="请输入保存的名称"
          maxLength={50}
          value={naming ?? ''}
          onChange={(e) => setNaming(e.target.value)}
          onPressEnter={submitName}
        />
      </Modal>
    </>
  );
}

interface LineEditorProps {
  index: number;
  line: SuperQueryLine;
  fields: readonly SuperQueryFieldDef[];
  onChange: (change: (l: SuperQueryLine) => SuperQueryLine) => void;
  onAdd: () => void;
  onRemove: () => void;
}

function LineEditor({ index, line, fields, onChange, onAdd, onRemove }: LineEditorProps) {
  const def = fields.find((f) => f.field === line.field);
  const n = index + 1;
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }} data-testid="super-query-line">
      <Select
        aria-label={`查询字段${n}`}
        placeholder="选择查询字段"
        showSearch={{ optionFilterProp: 'label' }}
        value={line.field}
        onChange={(field: string) => onChange((l) => changeField(l, field))}
        options={fields.map((f) => ({ value: f.field, label: f.label }))}
        style={{ width: 180, flex: 'none' }}
      />
      <Select
        aria-label={`匹配规则${n}`}
        placeholder="匹配规则"
        showSearch={{ optionFilterProp: 'label' }}
        value={line.rule}
        onChange={(rule) => onChange((l) => changeRule(l, rule))}
        options={RULE_OPTIONS}
        style={{ width: 130, flex: 'none' }}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ValueInput label={`查询值${n}`} def={def} line={line} onChange={(val) => onChange((l) => ({ ...l, val }))} />
      </div>
      <Space size={4} style={{ flex: 'none' }}>
        <Button type="text" icon={<PlusCircleOutlined />} aria-label={`在第${n}行后添加条件`} onClick={onAdd} />
        <Button type="text" icon={<MinusCircleOutlined />} aria-label={`删除第${n}行条件`} onClick={onRemove} />
      </Space>
    </div>
  );
}

interface ValueInputProps {
  label: string;
  def: SuperQueryFieldDef | undefined;
  line: SuperQueryLine;
  onChange: (val: string | undefined) => void;
}

/**
 * The value input of a line: options (fixed or a dictionary; several for `in`), a number, a date, or text (`in`:
 * comma-separated values).
 */
function ValueInput({ label, def, line, onChange }: ValueInputProps) {
  const dict = useSessionStore((s) => (def?.dictCode ? s.dictItems?.[def.dictCode] : undefined)) ?? NO_DICT;
  const options = (def?.options ?? dict).map((o) => ({ value: String(o.value), label: o.text }));
  const common = { 'aria-label': label, style: { width: '100%' } };
  const many = line.rule === 'in';

  if (options.length) {
    return many ? (
      <Select
        {...common}
        mode="multiple"
        placeholder="请选择（可多选）"
        value={splitValue(line.val)}
        onChange={(v: string[]) => onChange(v.join(','))}
        options={options}
      />
    ) : (
      <Select {...common} allowClear placeholder="请选择" value={line.val} onChange={onChange} options={options} />
    );
  }
  if (def?.type === 'number' && !many) {
    return (
      <InputNumber<string>
        {...common}
        stringMode
        placeholder="请输入数字"
        value={line.val ?? null}
        onChange={(v) => onChange(v ?? undefined)}
      />
    );
  }
  if ((def?.type === 'date' || def?.type === 'datetime') && !many) {
    const format = def.type === 'date' ? DATE : DATE_TIME;
    const parsed = line.val ? dayjs(line.val) : null;
    return (
      <DatePicker
        {...common}
        showTime={def.type === 'datetime'}
        format={format}
        placeholder="请选择日期"
        value={parsed?.isValid() ? parsed : null}
        onChange={(d) => onChange(d ? d.format(format) : undefined)}
      />
    );
  }
  return (
    <Input
      {...common}
      allowClear
      placeholder={many ? '多个值用逗号分隔' : '请输入值'}
      value={line.val ?? ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
