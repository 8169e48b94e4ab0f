import { describe, expect, it, vi } from 'vitest';
import { bellNotifier } from './wiring.ts';

describe('bellNotifier', () => {
  it('pushes cmd user to the recipients and mails each copy; a failing mail neither throws nor stops the others', async () => {
    const notifyBell = vi.fn(async () => {});
    const send = vi.fn(async ({ to }: { to: string }) => {
      if (to === 'down@example.com') throw new Error('smtp down');
    });
    const log = vi.fn();
    await bellNotifier({ notifyBell }, { send }, log).deliver({
      tenantId: 1,
      title: '合同到期提醒',
      text: '合同即将到期',
      pushTo: ['u1', 'u2'],
      emails: ['down@example.com', 'a@example.com'],
    });
    expect(notifyBell).toHaveBeenCalledWith(['u1', 'u2'], '合同到期提醒');
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({
      channel: 'email',
      to: 'a@example.com',
      subject: '【系统消息】合同到期提醒',
      text: '合同即将到期\n\n请登录全流程数字化采购平台查看详情。',
    });
    expect(log).toHaveBeenCalledWith(expect.any(Error), 'bell e-mail copy failed');
  });
});
