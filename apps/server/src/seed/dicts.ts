import { DICT } from '@aps/shared';
import dayjs from 'dayjs';

export interface DictSeed {
  code: string;
  name: string;
  items: [value: string, text: string, color?: string][];
}

/** Dictionaries of the spec and the domain model. */
export function dictSeeds(): DictSeed[] {
  const year = dayjs().year();
  return [
    // The root app greys the page on these dates (§1): 清明节 and 国家公祭日.
    {
      code: DICT.color,
      name: '哀悼日',
      items: [
        ['1', `${year}-04-04`],
        ['2', `${year}-12-13`],
      ],
    },
    {
      code: DICT.yn,
      name: '是否',
      items: [
        ['1', '是'],
        ['0', '否'],
      ],
    },
    {
      code: DICT.sex,
      name: '性别',
      items: [
        ['1', '男'],
        ['2', '女'],
      ],
    },
    {
      code: DICT.priority,
      name: '优先级',
      items: [
        ['L', '一般', 'blue'],
        ['M', '重要', 'orange'],
        ['H', '紧急', 'red'],
      ],
    },
    {
      code: DICT.userType,
      name: '用户类型',
      items: [
        ['1', '集团'],
        ['2', '分公司'],
        ['3', '项目'],
      ],
    },
    {
      code: DICT.userEnd,
      name: '用户端',
      items: [
        ['1', '管理端'],
        ['2', '专家端'],
        ['3', '供应商端'],
      ],
    },
    {
      code: DICT.userStatus,
      name: '用户状态',
      items: [
        ['1', '正常'],
        ['2', '冻结'],
      ],
    },
    {
      code: DICT.purchaseStage,
      name: '采购阶段',
      items: [
        ['1', '待发布'],
        ['2', '公告中'],
        ['3', '响应中'],
        ['4', '待开标'],
        ['5', '已开标'],
        ['6', '资格/符合性审查'],
        ['7', '评分中'],
        ['8', '澄清/多轮报价/汇总'],
        ['9', '评审结束'],
        ['10', '结束审核中'],
        ['11', '结果公示中'],
        ['12', '已定标'],
      ],
    },
    {
      code: DICT.electionStatus,
      name: '选商状态',
      items: [
        ['1', '正常', 'green'],
        ['0', '流标', 'red'],
      ],
    },
    {
      code: DICT.approvalStatus,
      name: '审批状态',
      items: [
        ['1', '待提交'],
        ['2', '审批中'],
        ['3', '会签中'],
        ['4', '已通过'],
        ['5', '已驳回'],
        ['6', '重新审批中'],
      ],
    },
    {
      code: DICT.qaType,
      name: '问题分类',
      items: [
        ['1', '账号与登录'],
        ['2', '采购流程'],
        ['3', '评审打分'],
        ['4', '合同结算'],
        ['5', '其他'],
      ],
    },
    {
      code: DICT.purchaseCategory,
      name: '采购类别',
      items: [
        ['1', '劳务'],
        ['2', '物资/资产'],
        ['3', '材料'],
      ],
    },
    {
      code: DICT.scoreType,
      name: '评分方式',
      items: [
        ['1', '综合评分法'],
        ['2', '经评审的最低价法'],
        ['3', '下浮率报价'],
      ],
    },
    {
      code: DICT.payType,
      name: '付款方式',
      items: [
        ['1', '按进度付款'],
        ['2', '货到付款'],
        ['3', '分期付款'],
        ['4', '预付款+尾款'],
      ],
    },
  ];
}
