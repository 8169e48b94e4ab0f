/**
 * The zod-free half of the contract: constants, codes, rules and formatters. The web imports these
 * from `@aps/shared/constants` so that pages which need no schema do not load zod.
 */
export * from './admin.constants.ts';
export * from './announcement.ts';
export * from './announcement-admin.constants.ts';
export * from './api.ts';
export * from './auth.constants.ts';
export * from './category.constants.ts';
export * from './contract.constants.ts';
export * from './cron.ts';
export * from './cron-editor.ts';
export * from './dict-admin.constants.ts';
export * from './dictionaries.ts';
export * from './excel.constants.ts';
export * from './format.ts';
export * from './gateway.constants.ts';
export * from './grid-rules.ts';
export * from './log.constants.ts';
export * from './low-app.constants.ts';
export * from './permissions.ts';
export * from './position.constants.ts';
export * from './procurement.constants.ts';
export * from './procurement-bid.constants.ts';
export * from './procurement-stage.ts';
export * from './qa.constants.ts';
export * from './quartz.constants.ts';
export * from './report.constants.ts';
export * from './review.constants.ts';
export * from './review-draw.ts';
export * from './review-scoring.ts';
export * from './rule.constants.ts';
export * from './rules.ts';
export * from './super-query.constants.ts';
export * from './supervision.constants.ts';
export * from './supplier.constants.ts';
export * from './tenant.constants.ts';
export * from './ui.constants.ts';
export * from './upload.constants.ts';
export * from './uscc.ts';
export * from './workflow.constants.ts';
export * from './workflow-expression.ts';
