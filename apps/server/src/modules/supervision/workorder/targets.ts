import { WORK_ORDER_MESSAGES as M } from '@aps/shared';
import { badRequest } from '../../../core/envelope.ts';
import type { ContractService } from '../../procurement/contract/service.ts';
import type { NoticeService } from '../../procurement/notice/service.ts';
import type { ModifyTargets } from './service.ts';

/**
 * The records a 修改 work order may correct, each read and changed through its own service (MODIFY_TARGETS): the
 * notice's title correction (not once revoked), the contract's draft-only correction.
 */
export function createModifyTargets({
  notices,
  contracts,
}: {
  notices: Pick<NoticeService, 'byId' | 'correctTitle'>;
  contracts: Pick<ContractService, 'queryById' | 'correct'>;
}): ModifyTargets {
  return {
    async read(actor, type, id, field) {
      if (type === 'notice' && field === 'title') return (await notices.byId(actor.tenantId, actor.scope, id)).title;
      if (type === 'contract' && (field === 'name' || field === 'payTerms')) {
        return (await contracts.queryById(actor, id))[field] ?? null;
      }
      throw badRequest(M.fieldNotAllowed);
    },
    async apply(actor, type, id, field, value) {
      if (type === 'notice' && field === 'title') {
        return notices.correctTitle(actor, actor.scope, id, value ?? '');
      }
      if (type === 'contract' && (field === 'name' || field === 'payTerms')) {
        return contracts.correct(actor, id, field, value);
      }
      throw badRequest(M.fieldNotAllowed);
    },
  };
}
