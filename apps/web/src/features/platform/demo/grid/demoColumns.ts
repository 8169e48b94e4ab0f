import { DICT } from '@aps/shared/constants';
import type { GridColumn, GridOption, GridRow } from '../../../../shared/grid/index.ts';

/** Linked selects of the demo: province → city. */
const CITIES: Record<string, GridOption[]> = {
  bj: [
    { value: 'bj-hd', text: '海淀区' },
    { value: 'bj-cy', text: '朝阳区' },
  ],
  sh: [
    { value: 'sh-pd', text: '浦东新区' },
    { value: 'sh-xh', text: '徐汇区' },
  ],
  gd: [
    { value: 'gd-gz', text: '广州市' },
    { value: 'gd-sz', text: '深圳市' },
  ],
};

const TAG_COLORS: Record<string, string> = { 紧急: 'red', 重要: 'orange' };

/** 采购明细: every core column type, with presets, statistics, linkage, dictionaries and drag sort. */
export const DETAIL_COLUMNS: GridColumn[] = [
  { key: 'no', title: '序号', type: 'row-number' },
  { key: 'sel', title: '选择', type: 'row-checkbox' },
  { key: 'expand', title: '展开', type: 'row-expand' },
  { key: 'drag', title: '排序', type: 'row-drag-sort' },
  {
    key: 'name',
    title: '物料名称',
    type: 'input',
    placeholder: '请输入物料名称',
    validateRules: [{ required: true }, { unique: true }],
  },
  {
    key: 'quantity',
    title: '数量',
    type: 'inputNumber',
    statistics: ['sum', 'average'],
    defaultValue: 1,
    validateRules: [{ required: true }, { pattern: 'z' }],
  },
  {
    key: 'price',
    title: '单价',
    type: 'inputNumber',
    statistics: ['sum'],
    format: 'money',
    validateRules: [{ pattern: 'money' }],
  },
  {
    key: 'unit',
    title: '计量单位',
    type: 'select',
    placeholder: '请选择',
    options: [
      { value: 'ge', text: '个' },
      { value: 'tai', text: '台' },
      { value: 'tao', text: '套' },
      { value: 'dun', text: '吨' },
    ],
  },
  { key: 'category', title: '采购类别', type: 'select-search', dictCode: DICT.purchaseCategory, placeholder: '请选择' },
  { key: 'priority', title: '优先级', type: 'select-multiple', dictCode: DICT.priority, placeholder: '请选择' },
  {
    key: 'province',
    title: '省份',
    type: 'select',
    options: [
      { value: 'bj', text: '北京' },
      { value: 'sh', text: '上海' },
      { value: 'gd', text: '广东' },
    ],
    placeholder: '请选择',
  },
  {
    key: 'city',
    title: '城市',
    type: 'select',
    linkageKey: 'province',
    linkageOptions: (province) => CITIES[String(province)] ?? [],
    placeholder: '先选省份',
  },
  { key: 'deliveryDate', title: '交货日期', type: 'date', placeholder: '请选择' },
  { key: 'openingTime', title: '开标时间', type: 'datetime', placeholder: '请选择' },
  { key: 'urgent', title: '急件', type: 'checkbox', defaultValue: 'N', width: 70 },
  { key: 'payType', title: '付款方式', type: 'radio', dictCode: DICT.payType, minWidth: 420 },
  {
    key: 'keywords',
    title: '关键词',
    type: 'tags',
    placeholder: '每2个字一个标签',
    setTagColor: (tag) => TAG_COLORS[tag],
  },
  { key: 'memo', title: '备注', type: 'textarea', placeholder: '请输入备注' },
  { key: 'progress', title: '进度', type: 'progress', width: 140 },
  // The product's pickers (values as the pickers store them: usernames, department ids, the popup's valueKey).
  { key: 'owner', title: '负责人', type: 'sel_user', placeholder: '请选择用户' },
  { key: 'depart', title: '需求部门', type: 'sel_depart', placeholder: '请选择部门' },
  {
    key: 'purchase',
    title: '关联采购',
    type: 'popup',
    placeholder: '请选择采购',
    minWidth: 160,
    props: {
      title: '选择采购记录',
      table: 'purchase_record',
      valueKey: 'purchase_code',
      displayKey: 'purchase_name',
      columns: [
        { title: '采购编号', dataIndex: 'purchase_code', width: 200 },
        { title: '采购名称', dataIndex: 'purchase_name' },
      ],
      queryConfig: [{ key: 'purchase_name', label: '采购名称' }],
    },
  },
  // Uploads (stored paths): in the cell, or through the 文件上传 / 图片上传 popup.
  { key: 'contract', title: '合同', type: 'upload', width: 170 },
  { key: 'file', title: '附件', type: 'file', width: 200 },
  { key: 'photo', title: '样品图片', type: 'image', width: 170, props: { max: 2 } },
  { key: 'createBy', title: '创建人', type: 'normal' },
  // The ordering field drag sort (pointer or keyboard) resequences.
  { key: 'orderNum', title: '排序号', type: 'normal', width: 80 },
  { key: 'innerCode', title: '内部编号', type: 'hidden' },
];

export const DETAIL_ROWS: GridRow[] = [
  {
    id: 'd1',
    orderNum: 1,
    name: '办公电脑',
    quantity: 10,
    price: 5200,
    unit: 'tai',
    category: '2',
    priority: 'M',
    province: 'bj',
    city: 'bj-hd',
    deliveryDate: '2026-12-01',
    openingTime: '2026-11-30 09:30:00',
    urgent: 'Y',
    payType: '2',
    keywords: '电脑;办公',
    memo: '含三年上门保修',
    progress: 60,
    owner: 'admin',
    depart: '',
    purchase: '',
    contract: '',
    file: '',
    photo: '',
    createBy: '管理员',
    innerCode: 'IN-001',
  },
  {
    id: 'd2',
    orderNum: 2,
    name: '打印纸',
    quantity: 200,
    price: 25.5,
    unit: 'tao',
    category: '3',
    priority: 'L',
    province: 'sh',
    city: 'sh-pd',
    deliveryDate: '2026-12-05',
    openingTime: '',
    urgent: 'N',
    payType: '1',
    keywords: '耗材',
    memo: '',
    progress: 20,
    owner: '',
    depart: '',
    purchase: '',
    contract: '',
    file: '',
    photo: '',
    createBy: '管理员',
    innerCode: 'IN-002',
  },
  {
    id: 'd3',
    orderNum: 3,
    name: '会议桌',
    quantity: 2,
    price: 3100,
    unit: 'ge',
    category: '2',
    priority: '',
    province: '',
    city: '',
    deliveryDate: '',
    openingTime: '',
    urgent: 'N',
    payType: '',
    keywords: '',
    memo: '',
    progress: 0,
    owner: '',
    depart: '',
    purchase: '',
    contract: '',
    file: '',
    photo: '',
    createBy: '管理员',
    innerCode: 'IN-003',
  },
];

/** 联系人: the §5 presets and a custom handler; removal is asynchronous (confirms). */
export const CONTACT_COLUMNS: GridColumn[] = [
  { key: 'no', title: '序号', type: 'row-number' },
  { key: 'sel', title: '选择', type: 'row-checkbox' },
  { key: 'name', title: '姓名', type: 'input', validateRules: [{ pattern: '*' }] },
  { key: 'mobile', title: '手机号码', type: 'input', minWidth: 150, validateRules: [{ pattern: 'm' }] },
  { key: 'email', title: '电子邮件', type: 'input', minWidth: 170, validateRules: [{ pattern: 'e' }] },
  { key: 'site', title: '网址', type: 'input', validateRules: [{ pattern: 'url' }] },
  { key: 'postcode', title: '邮政编码', type: 'input', validateRules: [{ pattern: 'p' }] },
  { key: 'account', title: '账号', type: 'input', minWidth: 130, validateRules: [{ pattern: 'n6-16' }] },
  { key: 'password', title: '口令', type: 'input', minWidth: 140, validateRules: [{ pattern: '*6-16' }] },
  { key: 'english', title: '英文名', type: 'input', minWidth: 130, validateRules: [{ pattern: 's6-18' }] },
  { key: 'initials', title: '字母', type: 'input', validateRules: [{ pattern: 's' }] },
  { key: 'score', title: '数字', type: 'input', validateRules: [{ pattern: 'n' }] },
  { key: 'age', title: '整数', type: 'input', validateRules: [{ pattern: 'z' }] },
  { key: 'amount', title: '金额', type: 'input', validateRules: [{ pattern: 'money' }] },
  {
    key: 'workNo',
    title: '工号',
    type: 'input',
    placeholder: 'GH开头',
    validateRules: [
      { handler: ({ value }) => (value && !String(value).startsWith('GH') ? '工号须以GH开头' : undefined) },
    ],
  },
];

export const CONTACT_ROWS: GridRow[] = [
  {
    id: 'c1',
    name: '李雷',
    mobile: '13912345678',
    email: 'lilei@example.com',
    site: 'https://example.com',
    postcode: '100080',
    account: '20261123',
    password: 'secret-1',
    english: 'LiLeiii',
    initials: 'LL',
    score: '98.5',
    age: '32',
    amount: '1200.50',
    workNo: 'GH001',
  },
];

const PERF_COLUMN_COUNT = 20;

/** The performance grid: 20 data columns of the common kinds (plus 序号 and 选择). */
export const PERF_COLUMNS: GridColumn[] = [
  { key: 'no', title: '序号', type: 'row-number' },
  { key: 'sel', title: '选择', type: 'row-checkbox' },
  { key: 'code', title: '编号', type: 'input', width: 140 },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum'], width: 110 },
  { key: 'amount', title: '金额', type: 'inputNumber', statistics: ['sum', 'average'], format: 'money', width: 140 },
  { key: 'category', title: '采购类别', type: 'select', dictCode: DICT.purchaseCategory, width: 120 },
  { key: 'date', title: '日期', type: 'date' },
  { key: 'urgent', title: '急件', type: 'checkbox', width: 70 },
  { key: 'tags', title: '标签', type: 'tags', width: 160 },
  { key: 'progress', title: '进度', type: 'progress', width: 140 },
  ...Array.from(
    { length: PERF_COLUMN_COUNT - 8 },
    (_, i): GridColumn => ({
      key: `f${i}`,
      title: `字段${i + 1}`,
      type: 'input',
      width: 120,
    }),
  ),
];

/** 10,000 generated rows for the performance grid. */
export function perfRows(count = 10_000): GridRow[] {
  const rows: GridRow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const row: GridRow = {
      id: `p${i + 1}`,
      code: `CG-${String(i + 1).padStart(5, '0')}`,
      qty: (i % 50) + 1,
      amount: ((i * 37) % 1000) + 0.5,
      category: String((i % 3) + 1),
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      urgent: i % 7 === 0 ? 'Y' : 'N',
      tags: i % 2 ? '物资;急需' : '劳务',
      progress: i % 101,
    };
    for (let f = 0; f < PERF_COLUMN_COUNT - 8; f++) row[`f${f}`] = `第${i + 1}行-${f + 1}`;
    rows[i] = row;
  }
  return rows;
}
