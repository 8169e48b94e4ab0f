import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../../db/client.ts';
import type { HumanProof } from './human-proof.ts';
import { sysHumanProof } from './tables.ts';

/** An image captcha is read and typed within a minute; older ones are worthless. */
export const CAPTCHA_TTL_MS = 60_000;
const CAPTCHA = 'captcha';

/** Only a digest of the answer is kept: the table never tells anyone what the image says. */
const digest = (checkKey: string, answer: string) =>
  crypto.createHash('sha256').update(`${checkKey}\u0001${answer.trim().toLowerCase()}`).digest('base64url');
const rowKey = (checkKey: string) => `${CAPTCHA}.${checkKey}`;

export interface Captcha {
  /**
   * JeecgBoot's GET /sys/randomImage/{key}: a new 4-character image for the client's key (JeecgBoot clients use
   * Date.now()), replacing any earlier one of that key. The answer is kept as a digest, bound to the source.
   */
  issue(checkKey: string, ip: string): Promise<string>;
}

/**
 * The image captcha of JeecgBoot's login, for API clients (our own login page keeps the slider). It plugs into the
 * human proofs: a login or SMS request carrying `captcha` + `checkKey` of an issued image is verified here, once —
 * right or wrong, the image is used up, so its four characters cannot be guessed over many requests.
 */
export function createCaptcha({
  db,
  humanProof,
  onIssued,
}: {
  db: Db;
  humanProof: HumanProof;
  onIssued?: (checkKey: string, answer: string) => void;
}): Captcha {
  humanProof.addVerifier(async (input, ip) => {
    if (!input.checkKey || input.captcha === undefined || input.checkKey.startsWith('slider.')) return null;
    const used = await db
      .delete(sysHumanProof)
      .where(and(eq(sysHumanProof.key, rowKey(input.checkKey)), eq(sysHumanProof.kind, CAPTCHA)))
      .returning({ ip: sysHumanProof.ip, expiresAt: sysHumanProof.expiresAt, answer: sysHumanProof.answerDigest });
    const row = used[0];
    if (!row) return false;
    return (
      row.ip === ip && row.expiresAt.getTime() > Date.now() && row.answer === digest(input.checkKey, input.captcha)
    );
  });

  return {
    async issue(checkKey, ip) {
      const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', width: 105, height: 35 });
      await db.delete(sysHumanProof).where(lt(sysHumanProof.expiresAt, sql`now()`));
      const values = {
        key: rowKey(checkKey),
        kind: CAPTCHA,
        ip,
        answerDigest: digest(checkKey, image.text),
        expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
      };
      await db
        .insert(sysHumanProof)
        .values(values)
        .onConflictDoUpdate({
          target: sysHumanProof.key,
          set: { ip, answerDigest: values.answerDigest, expiresAt: values.expiresAt, createdAt: sql`now()` },
        });
      onIssued?.(checkKey, image.text);
      return `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}`;
    },
  };
}
