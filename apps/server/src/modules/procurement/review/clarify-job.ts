import type { JobHandler } from '../../platform/quartz/handlers/types.ts';
import type { ClarifyService } from './clarify.ts';

/** The deadline job of 报价澄清 / 多轮报价 (seeded every minute in seed/config.ts). */
export function clarifyJobs(clarify: ClarifyService): JobHandler[] {
  return [
    {
      name: 'reviewClarificationDeadline',
      title: '报价澄清与多轮报价截止处理',
      parameterHint: '无参数',
      async run({ fireTime }) {
        const r = await clarify.expireDue(fireTime);
        const failed = r.failed.length ? `，失败 ${r.failed.length}：${r.failed.slice(0, 5).join('；')}` : '';
        return `评审委员会 ${r.committees}，逾期 ${r.expired}${failed}`;
      },
    },
  ];
}
