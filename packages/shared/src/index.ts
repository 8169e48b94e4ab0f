import { z } from 'zod';

// Chinese default messages for every schema that does not bring its own (§5 texts are set per field).
z.config(z.locales.zhCN());

export * from './admin.constants.ts';
export * from './announcement.schema.ts';
export * from './announcement.ts';
export * from './announcement-admin.ts';
export * from './api.ts';
export * from './auth.ts';
export * from './category.ts';
export * from './cron.ts';
export * from './depart.ts';
export * from './dict-admin.ts';
export * from './dictionaries.ts';
export * from './duplicate.ts';
export * from './excel.constants.ts';
export * from './format.ts';
export * from './gateway.ts';
export * from './log.ts';
export * from './permission-admin.ts';
export * from './permissions.ts';
export * from './position.ts';
export * from './primitives.ts';
export * from './purchase.ts';
export * from './qa.ts';
export * from './quartz.ts';
export * from './query.ts';
export * from './report.ts';
export * from './role.ts';
export * from './rule.ts';
export * from './rules.ts';
export * from './super-query.ts';
export * from './tenant.ts';
export * from './ui.constants.ts';
export * from './upload.constants.ts';
export * from './user.ts';
export * from './validation.ts';
