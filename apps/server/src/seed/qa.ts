import { QA_USE_TYPE } from '@aps/shared';
import type { qaQuestionsAndAnswers } from '../modules/platform/qa/tables.ts';
import { seedId } from './ids.ts';

type Entry = [question: string, answer: string, qaType: string, useType: string];

const { hidden, supplier } = QA_USE_TYPE;

/** Demo FAQ entries of tenant 1: some for everyone (shown on /moreHelp), some for staff only. */
const ENTRIES: Entry[] = [
  [
    '供应商如何注册账号？',
    '在平台首页点击“供应商注册”，按向导填写企业信息、联系人手机号并上传营业执照，提交后等待采购单位审核，审核结果以短信通知。',
    '1',
    supplier,
  ],
  [
    '忘记登录密码怎么办？',
    '在登录页点击“忘记密码”，通过绑定的手机号接收验证码后即可重置密码。如手机号已停用，请联系平台管理员处理。',
    '1',
    supplier,
  ],
  [
    '如何查看采购公告并报名？',
    '登录后进入“采购公告”，选择感兴趣的项目查看公告详情，在报名截止时间前点击“报名”并按要求上传资格文件。',
    '2',
    supplier,
  ],
  [
    '投标文件上传失败怎么办？',
    '请确认文件为 PDF 格式且单个文件不超过 10MB；网络不稳定时请更换网络后重试。仍无法上传请拨打平台客服电话。',
    '2',
    supplier,
  ],
  [
    '评审专家如何提交打分？',
    '进入“评审任务”，打开对应包件，逐项填写评分并保存，确认无误后点击“提交”。提交后如需修改，需由组长退回。',
    '3',
    hidden,
  ],
  [
    '采购计划审批被驳回后如何处理？',
    '在“采购计划”列表中找到状态为“已驳回”的计划，查看驳回意见并修改后重新提交审批。',
    '2',
    hidden,
  ],
  [
    '合同结算需要准备哪些材料？',
    '需准备合同原件扫描件、验收单、发票及结算申请表，在“结算管理”中新建结算单并上传上述材料。',
    '4',
    hidden,
  ],
];

export function demoQaEntries(tenantId = 1): (typeof qaQuestionsAndAnswers.$inferInsert)[] {
  return ENTRIES.map(([questionContent, answerContent, qaType, useType], i) => ({
    id: seedId(`qa:${tenantId}:${i + 1}`),
    tenantId,
    questionContent,
    answerContent,
    qaType,
    useType,
    displayOrder: i + 1,
    createBy: 'admin',
  }));
}
