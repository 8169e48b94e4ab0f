import { z } from 'zod';
import { RULES } from './rules.ts';

export const usernameSchema = z
  .string({ error: RULES.username.required })
  .trim()
  // abort: one message per field, the first rule broken, as a form shows it.
  .min(1, { error: RULES.username.required, abort: true })
  .regex(RULES.username.pattern, { error: RULES.username.message, abort: true })
  .min(RULES.username.min, RULES.username.lengthMessage)
  .max(RULES.username.max, RULES.username.lengthMessage);

export const mobileSchema = z
  .string({ error: RULES.mobile.required })
  .trim()
  .min(1, { error: RULES.mobile.required, abort: true })
  .regex(RULES.mobile.pattern, RULES.mobile.message);
