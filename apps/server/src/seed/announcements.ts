import type { sysAnnouncement } from '../modules/platform/announcement/tables.ts';
import { seedId } from './ids.ts';

type NewAnnouncement = typeof sysAnnouncement.$inferInsert;

/** Published demo announcements for everyone in tenant 1, so the notice bell has something to show. */
export function demoAnnouncements(): NewAnnouncement[] {
  const at = (iso: string) => new Date(iso);
  return [
    {
      id: seedId('annt:platform-launch'),
      tenantId: 1,
      title: '全流程数字化采购平台正式上线运行',
      msgAbstract: '平台自 11 月起全面启用，线下采购流程同步停止受理。',
      msgContent:
        '<p>各单位：</p><p>全流程数字化采购平台已完成试运行，自 <strong>2026年11月1日</strong> 起正式上线。采购计划、公告发布、选商、评审、合同与结算均须在平台内办理。</p><p>如有疑问请联系集团采购管理部。</p>',
      sender: '集团采购管理部',
      priority: 'H',
      msgCategory: '1',
      msgType: 'ALL',
      sendStatus: '1',
      sendTime: at('2026-11-01T09:00:00+08:00'),
    },
    {
      id: seedId('annt:expert-training'),
      tenantId: 1,
      title: '关于开展2026年度评审专家线上培训的通知',
      msgAbstract: '请入库专家于 11 月 30 日前完成线上培训与考核。',
      msgContent:
        '<p>请各位入库评审专家于 <strong>11月30日</strong> 前登录平台完成线上培训与考核，逾期未完成者暂停抽取资格。</p>',
      sender: '集团采购管理部',
      priority: 'M',
      msgCategory: '1',
      msgType: 'ALL',
      sendStatus: '1',
      sendTime: at('2026-11-10T10:30:00+08:00'),
    },
    {
      id: seedId('annt:record-review'),
      tenantId: 1,
      title: '采购记录待核对',
      msgAbstract: '请核对本月新增采购记录的标包信息。',
      msgContent: '<p>本月新增的采购记录中有标包信息待核对，请点击“去处理”进入采购记录列表核对。</p>',
      sender: '系统',
      priority: 'L',
      msgCategory: '2',
      msgType: 'ALL',
      sendStatus: '1',
      sendTime: at('2026-11-18T08:15:00+08:00'),
      openType: 'url',
      openPage: '/purchase/record',
    },
    {
      id: seedId('annt:maintenance'),
      tenantId: 1,
      title: '系统维护通知',
      msgAbstract: '本周六 22:00—24:00 平台停机维护。',
      msgContent: '<p>平台将于本周六 22:00 至 24:00 进行停机维护，期间无法登录，请提前安排工作。</p>',
      sender: '系统',
      priority: 'M',
      msgCategory: '2',
      msgType: 'ALL',
      sendStatus: '1',
      sendTime: at('2026-11-20T17:00:00+08:00'),
    },
  ];
}
