import { z } from 'zod';
import { LOW_APP_ID_PATTERN, LOW_APP_MESSAGES } from './low-app.constants.ts';

/** The `X-Low-App-ID` header's value as the server accepts it. */
export const lowAppIdSchema = z.string().regex(LOW_APP_ID_PATTERN, LOW_APP_MESSAGES.invalid);
