import type { FastifyBaseLogger } from 'fastify';

/** A user whose number was just proven by an SMS code (a phone sign-in or a verification). */
export interface VerifiedPhone {
  userId: string;
  phone: string;
}

export type PhoneVerifiedListener = (verified: VerifiedPhone) => Promise<void>;

/**
 * Who hears that a number was proven: other modules (the shop gives the account the guest
 * orders placed with that number). Each listener runs before the sign-in is answered, so the
 * first page after it already sees what the listener did; one that fails is logged and the
 * sign-in still goes through.
 */
export interface PhoneVerifiedListeners {
  add(listener: PhoneVerifiedListener): () => void;
  tell(verified: VerifiedPhone, log: Pick<FastifyBaseLogger, 'error'>): Promise<void>;
}

export function phoneVerifiedListeners(): PhoneVerifiedListeners {
  const listeners = new Set<PhoneVerifiedListener>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async tell(verified, log) {
      for (const listener of listeners) {
        try {
          await listener(verified);
        } catch (err) {
          log.error({ err, userId: verified.userId }, 'a listener of a verified number failed');
        }
      }
    },
  };
}
