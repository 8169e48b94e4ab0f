import crypto from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sysHumanProof } from './tables.ts';

/** A proof lives this long after the slider was passed: long enough to finish typing, too short to stockpile. */
export const HUMAN_PROOF_TTL_MS = 2 * 60_000;

/** The fields a request carries its proof in (the login form's `captcha` and `checkKey`). */
export interface HumanProofInput {
  captcha?: string | undefined;
  checkKey?: string | undefined;
}

/**
 * Another kind of proof (the image captcha of GET /sys/randomImage/{key}): answers whether `input` is a valid,
 * unused proof, consuming it. Returns null when `input` is not its kind, so the next verifier is asked.
 */
export type HumanProofVerifier = (input: HumanProofInput, ip: string) => Promise<boolean | null>;

export interface HumanProof {
  /** Issues a single-use slider proof after the client's slider was dragged to the end. */
  issueSlider(ip: string): Promise<string>;
  /**
   * Whether the request carries a valid proof; consumes it (DELETE … RETURNING), so one proof admits one request
   * however many are sent at once with it.
   */
  verifyHumanProof(input: HumanProofInput, ip: string): Promise<boolean>;
  /** Plugs another kind of proof in (the captcha); it is asked before the slider. */
  addVerifier(verifier: HumanProofVerifier): void;
}

const SLIDER = 'slider';
const SLIDER_PREFIX = 'slider.';

export function createHumanProof({ db }: { db: Db }): HumanProof {
  const verifiers: HumanProofVerifier[] = [];

  async function consumeSlider(input: HumanProofInput, ip: string): Promise<boolean | null> {
    const key = input.checkKey;
    if (!key?.startsWith(SLIDER_PREFIX) || (input.captcha !== undefined && input.captcha !== SLIDER)) return null;
    // Bound to the source that passed the slider: a proof handed to a bot elsewhere is worthless.
    const used = await db
      .delete(sysHumanProof)
      .where(
        and(
          eq(sysHumanProof.key, key),
          eq(sysHumanProof.kind, SLIDER),
          eq(sysHumanProof.ip, ip),
          gt(sysHumanProof.expiresAt, sql`now()`),
        ),
      )
      .returning({ key: sysHumanProof.key });
    return used.length === 1;
  }

  return {
    async issueSlider(ip) {
      // Expired proofs go as new ones come: the table stays as small as the proofs in use.
      await db.delete(sysHumanProof).where(lt(sysHumanProof.expiresAt, sql`now()`));
      const key = `${SLIDER_PREFIX}${crypto.randomBytes(24).toString('base64url')}`;
      await db
        .insert(sysHumanProof)
        .values({ key, kind: SLIDER, ip, expiresAt: new Date(Date.now() + HUMAN_PROOF_TTL_MS) });
      return key;
    },

    async verifyHumanProof(input, ip) {
      if (!input.checkKey) return false;
      for (const verify of [...verifiers, consumeSlider]) {
        const answer = await verify(input, ip);
        if (answer !== null) return answer;
      }
      return false;
    },

    addVerifier(verifier) {
      verifiers.push(verifier);
    },
  };
}
