import {
  CRON_DAY_MODE,
  CRON_FIELD_LABELS,
  CRON_MODE,
  CRON_WEEK_NAMES,
  type CronDayMode,
  type CronEditorState,
  type CronField,
  type CronMode,
  type CronUnit,
  type CronUnitState,
  cronBounds,
  cronExpressionToState,
  cronStateToExpression,
  defaultCronState,
  parseQuartzCron,
  updateCronUnit,
  validateQuartzCron,
} from '@aps/shared/constants';
import { Alert, Checkbox, Input, InputNumber, Radio, Select, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { CronPreview } from './CronPreview.tsx';
import './cron.css';

type NumericUnit = Exclude<CronUnit, 'day'>;
type Range = readonly [number, number];

/** Words of each numeric tab: 每秒 / 从 0 秒开始，每隔 5 秒执行 / 从 10 秒至 20 秒. */
const UNIT_WORDS: Record<NumericUnit, { every: string; point: string; span: string; columns: number }> = {
  second: { every: '每秒', point: '秒', span: '秒', columns: 10 },
  minute: { every: '每分', point: '分', span: '分钟', columns: 10 },
  hour: { every: '每时', point: '时', span: '小时', columns: 12 },
  month: { every: '每月', point: '月', span: '个月', columns: 12 },
  year: { every: '每年', point: '年', span: '年', columns: 10 },
};

const WEEK_OPTIONS = CRON_WEEK_NAMES.map((label, i) => ({ label, value: i + 1 }));

const numbers = ([min, max]: Range) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** A radio row: the mode's radio, then its controls inline. */
function Row({ value, label, children }: { value: number; label: string; children?: ReactNode }) {
  return (
    <div className="aps-cron-row">
      <Radio value={value}>{label}</Radio>
      {children ? <span className="aps-cron-row-controls">{children}</span> : null}
    </div>
  );
}

/** An integer box clamped to a §5 range; an emptied box keeps the last value. */
function Num({
  label,
  value,
  range,
  onChange,
}: {
  label: string;
  value: number;
  range: Range;
  onChange(v: number): void;
}) {
  return (
    <InputNumber
      size="small"
      aria-label={label}
      className="aps-cron-number"
      min={range[0]}
      max={range[1]}
      precision={0}
      value={value}
      onChange={(v) => {
        if (typeof v === 'number') onChange(v);
      }}
    />
  );
}

function WeekSelect({ label, value, onChange }: { label: string; value: number; onChange(v: number): void }) {
  return (
    <Select
      size="small"
      aria-label={label}
      className="aps-cron-week"
      value={value}
      options={WEEK_OPTIONS}
      onChange={onChange}
    />
  );
}

/** 秒 分 时 月 年: every, range, loop (increment) and specify (ticked values; none ticked → the minimum). */
function UnitTab({
  unit,
  value,
  bounds,
  options,
  onChange,
}: {
  unit: NumericUnit;
  value: CronUnitState;
  bounds: { start: Range; interval: Range; value: Range };
  options: Range;
  onChange(next: CronUnitState): void;
}) {
  const w = UNIT_WORDS[unit];
  // Each tab's radios are a group of their own (a Form.Item around the editor would otherwise name them all alike).
  const name = useId();
  /** Editing a mode's value chooses that mode. */
  const set = (cronEvery: CronMode, patch: Partial<CronUnitState> = {}) => onChange({ ...value, ...patch, cronEvery });
  return (
    <Radio.Group
      name={name}
      className="aps-cron-modes"
      value={value.cronEvery}
      onChange={(e) => set(e.target.value as CronMode)}
    >
      <Row value={CRON_MODE.every} label={w.every} />
      <Row value={CRON_MODE.range} label="区间">
        从
        <Num
          label={`${w.point}区间开始`}
          value={value.rangeStart}
          range={bounds.value}
          onChange={(v) => set(CRON_MODE.range, { rangeStart: v })}
        />
        {w.point}至
        <Num
          label={`${w.point}区间结束`}
          value={value.rangeEnd}
          range={bounds.value}
          onChange={(v) => set(CRON_MODE.range, { rangeEnd: v })}
        />
        {w.point}
      </Row>
      <Row value={CRON_MODE.increment} label="循环">
        从
        <Num
          label={`${w.point}循环开始`}
          value={value.incrementStart}
          range={bounds.start}
          onChange={(v) => set(CRON_MODE.increment, { incrementStart: v })}
        />
        {w.point}开始，每隔
        <Num
          label={`${w.point}循环间隔`}
          value={value.incrementIncrement}
          range={bounds.interval}
          onChange={(v) => set(CRON_MODE.increment, { incrementIncrement: v })}
        />
        {w.span}执行一次
      </Row>
      <Row value={CRON_MODE.specific} label="指定">
        <Typography.Text type="secondary">可多选，不选则为 {options[0]}</Typography.Text>
      </Row>
      <Checkbox.Group
        aria-label={`指定${w.point}`}
        className="aps-cron-grid"
        style={{ gridTemplateColumns: `repeat(${w.columns}, minmax(0, 1fr))` }}
        value={value.specificSpecific}
        options={numbers(options).map((n) => ({ label: String(n), value: n }))}
        onChange={(list) => set(CRON_MODE.specific, { specificSpecific: list as number[] })}
      />
    </Radio.Group>
  );
}

/** 日: the eleven day modes of §4, the day-of-week picks included (the week field is "?" unless one of them). */
function DayTab({
  state,
  bounds,
  onChange,
}: {
  state: CronEditorState;
  bounds: ReturnType<typeof cronBounds>;
  onChange(next: Pick<CronEditorState, 'day' | 'week'>): void;
}) {
  const { day, week } = state;
  const set = (
    cronEvery: CronDayMode,
    dayPatch: Partial<CronEditorState['day']> = {},
    weekPatch: Partial<CronEditorState['week']> = {},
  ) => onChange({ day: { ...day, ...dayPatch, cronEvery }, week: { ...week, ...weekPatch } });
  const M = CRON_DAY_MODE;
  const name = useId();
  return (
    <Radio.Group
      name={name}
      className="aps-cron-modes"
      value={day.cronEvery}
      onChange={(e) => set(e.target.value as CronDayMode)}
    >
      <Row value={M.every} label="每日" />
      <Row value={M.dayIncrement} label="按日循环">
        从
        <Num
          label="日循环开始"
          value={day.incrementStart}
          range={bounds.day.start}
          onChange={(v) => set(M.dayIncrement, { incrementStart: v })}
        />
        日开始，每隔
        <Num
          label="日循环间隔"
          value={day.incrementIncrement}
          range={bounds.day.interval}
          onChange={(v) => set(M.dayIncrement, { incrementIncrement: v })}
        />
        天执行一次
      </Row>
      <Row value={M.weekIncrement} label="按周循环">
        从
        <WeekSelect
          label="周循环开始"
          value={week.incrementStart}
          onChange={(v) => set(M.weekIncrement, {}, { incrementStart: v })}
        />
        开始，每隔
        <Num
          label="周循环间隔"
          value={week.incrementIncrement}
          range={bounds.week.interval}
          onChange={(v) => set(M.weekIncrement, {}, { incrementIncrement: v })}
        />
        天执行一次
      </Row>
      <Row value={M.lastDay} label="本月最后一天" />
      <Row value={M.lastWorkday} label="本月最后一个工作日" />
      <Row value={M.beforeMonthEnd} label="本月底前">
        <Num
          label="本月底前天数"
          value={day.cronDaysBeforeEomMinus}
          range={bounds.beforeMonthEnd}
          onChange={(v) => set(M.beforeMonthEnd, { cronDaysBeforeEomMinus: v })}
        />
        天
      </Row>
      <Row value={M.nearestWorkday} label="最近工作日">
        离本月
        <Num
          label="最近工作日日期"
          value={day.cronDaysNearestWeekday}
          range={bounds.day.value}
          onChange={(v) => set(M.nearestWorkday, { cronDaysNearestWeekday: v })}
        />
        日最近的工作日（周一至周五）
      </Row>
      <Row value={M.lastWeekday} label="本月最后一个">
        <WeekSelect
          label="本月最后一个星期"
          value={day.cronLastSpecificDomDay}
          onChange={(v) => set(M.lastWeekday, { cronLastSpecificDomDay: v })}
        />
      </Row>
      <Row value={M.nthWeekday} label="本月第">
        <Num
          label="第几个星期"
          value={week.cronNthDayNth}
          range={bounds.nth}
          onChange={(v) => set(M.nthWeekday, {}, { cronNthDayNth: v })}
        />
        个
        <WeekSelect
          label="第几个星期的星期"
          value={week.cronNthDayDay}
          onChange={(v) => set(M.nthWeekday, {}, { cronNthDayDay: v })}
        />
      </Row>
      <Row value={M.weekSpecific} label="指定星期">
        <Checkbox.Group
          aria-label="指定星期"
          value={week.specificSpecific}
          options={WEEK_OPTIONS}
          onChange={(list) => set(M.weekSpecific, {}, { specificSpecific: list as number[] })}
        />
      </Row>
      <Row value={M.daySpecific} label="指定日期">
        <Typography.Text type="secondary">可多选，不选则为 1</Typography.Text>
      </Row>
      <Checkbox.Group
        aria-label="指定日期"
        className="aps-cron-grid"
        style={{ gridTemplateColumns: 'repeat(11, minmax(0, 1fr))' }}
        value={day.specificSpecific}
        options={numbers(bounds.day.value).map((n) => ({ label: String(n), value: n }))}
        onChange={(list) => set(M.daySpecific, { specificSpecific: list as number[] })}
      />
    </Radio.Group>
  );
}

const SHOWN_FIELDS: CronField[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

/** The editor's state for a starting expression (the §4 defaults when there is none or it is invalid). */
function initialState(value: string | undefined): CronEditorState {
  if (!value?.trim() || validateQuartzCron(value)) return defaultCronState();
  return cronExpressionToState(value).state;
}

/** The expression the editor starts with: the given one, else the §4 defaults. */
export function initialCronText(value: string | undefined, hideYear = false): string {
  const text = value?.trim();
  if (!text) return cronStateToExpression(defaultCronState(), { hideYear });
  const parts = text.split(/\s+/);
  return hideYear && parts.length === 7 ? parts.slice(0, 6).join(' ') : text;
}

/**
 * The Quartz cron editor (§2, §3, §4): tabs 秒 分 时 日 月 年 (the 日 tab holds the day-of-week picks), the seven
 * fields it makes, the expression (typing one reads it back into the tabs), and the next 10 fire times.
 * Emits the expression on every change; with `hideYear` there is no 年 tab and the expression has six fields.
 */
export function CronEditor({
  value,
  onChange,
  hideYear = false,
}: {
  value?: string;
  onChange?: (expression: string) => void;
  hideYear?: boolean;
}) {
  const [state, setState] = useState(() => initialState(value));
  const [text, setText] = useState(() => initialCronText(value, hideYear));
  const [unsupported, setUnsupported] = useState<CronField[]>([]);
  const bounds = useMemo(() => cronBounds(), []);
  const problem = validateQuartzCron(text);
  // The fields as the expression box has them (it may hold a form the tabs cannot show, or a typing error).
  const parts = text.trim().split(/\s+/);
  const shown: Partial<Record<CronField, string>> = problem
    ? Object.fromEntries(SHOWN_FIELDS.map((f, i) => [f, parts[i]]))
    : parseQuartzCron(text).fields;

  function emit(expression: string) {
    setText(expression);
    onChange?.(expression);
  }

  function change(unit: CronUnit, next: Partial<Pick<CronEditorState, CronUnit | 'week'>>) {
    const updated = updateCronUnit(state, unit, next);
    setState(updated);
    setUnsupported([]);
    emit(cronStateToExpression(updated, { hideYear }));
  }

  function type(expression: string) {
    emit(expression);
    if (validateQuartzCron(expression)) return;
    const reading = cronExpressionToState(expression, state);
    setState(reading.state);
    setUnsupported(reading.unsupported);
  }

  const unitTab = (unit: NumericUnit) => ({
    key: unit,
    label: CRON_FIELD_LABELS[unit],
    children: (
      <UnitTab
        unit={unit}
        value={state[unit]}
        bounds={bounds[unit]}
        options={unit === 'year' ? bounds.yearOptions : bounds[unit].value}
        onChange={(next) => change(unit, { [unit]: next })}
      />
    ),
  });

  return (
    <div className="aps-cron-editor">
      <Tabs
        type="card"
        size="small"
        items={[
          unitTab('second'),
          unitTab('minute'),
          unitTab('hour'),
          {
            key: 'day',
            label: CRON_FIELD_LABELS.day,
            children: <DayTab state={state} bounds={bounds} onChange={(next) => change('day', next)} />,
          },
          unitTab('month'),
          ...(hideYear ? [] : [unitTab('year')]),
        ]}
      />
      <div className="aps-cron-fields">
        {SHOWN_FIELDS.filter((f) => !(hideYear && f === 'year')).map((f) => (
          <div key={f} className="aps-cron-field">
            <div className="aps-cron-field-label">{CRON_FIELD_LABELS[f]}</div>
            <div className="aps-cron-field-value" data-field={f}>
              {shown[f] ?? ''}
            </div>
          </div>
        ))}
      </div>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Space.Compact block>
          <Space.Addon>表达式</Space.Addon>
          <Input
            aria-label="表达式"
            value={text}
            status={problem ? 'error' : undefined}
            onChange={(e) => type(e.target.value)}
            maxLength={200}
            style={{ fontFamily: 'monospace' }}
          />
        </Space.Compact>
        {unsupported.length > 0 && !problem ? (
          <Alert
            type="info"
            showIcon
            title={`“${unsupported.map((f) => CRON_FIELD_LABELS[f]).join('、')}”字段的写法无法在标签页中显示，暂按原样保留；在其标签页中重新选择会改写它`}
          />
        ) : null}
        <div className="aps-cron-preview-box">
          <div className="aps-cron-preview-title">最近10次执行时间</div>
          <CronPreview expression={text} count={10} columns={2} />
        </div>
      </Space>
    </div>
  );
}
