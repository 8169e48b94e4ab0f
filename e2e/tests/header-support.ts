/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { hoverToOpen } from '../support/hover.ts';
import { PASSWORD } from './shell-support.ts';

/** Calls the API as `username` would (for set-up and clean-up around the UI under test). */
export async function api<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ success: boolean; message: string; result: T }> {
  const response = await fetch(`${baseUrl}/aps${path}`, {
    method,
    headers: {
      'X-Access-Token': token,
      'tenant-id': '1',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return (await response.json()) as { success: boolean; message: string; result: T };
}

/** Signs in through the API with any password; returns the token. */
export async function tokenFor(baseUrl: string, username: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/aps/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { success: boolean; message: string; result: { token: string } };
  if (!body.success) throw new Error(`login ${username}: ${body.message}`);
  return body.result.token;
}

/** The workspace header's toolbar, once the workspace has rendered. */
export async function headerReady(page: Page): Promise<void> {
  await page.getByRole('toolbar', { name: '顶部工具栏' }).waitFor();
}

/** Opens the user dropdown and clicks one of its items. */
export async function userMenu(page: Page, item: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item });
  await hoverToOpen(page.getByRole('button', { name: '用户菜单' }), entry);
  await entry.click();
}

/** Waits for an error notification (§8) with exactly this description. */
export async function expectNotification(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-notification-notice-description')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .first()
    .waitFor();
}

/** The value part of a pro__ storage entry ({"value", "expire"}). */
export async function stored<T>(page: Page, key: string): Promise<{ value: T; expire: number | null } | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), `pro__${key}`);
  return raw === null ? null : (JSON.parse(raw) as { value: T; expire: number | null });
}
