import { AppwriteException } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { messageOf } from '../src/lib/errors';

const refusal = (message: string, code: number, type: string) =>
  new AppwriteException(message, code, type);

describe('what a customer reads when a call fails', () => {
  it('gets words for people where the protocol has words for developers', () => {
    expect(
      messageOf(
        refusal('A target with the same ID already exists.', 409, 'user_phone_already_exists'),
      ),
    ).toBe('This phone number is already used by another account.');
    expect(messageOf(refusal('Server Error', 500, 'general_unknown'))).toBe(
      'Something went wrong on our side. Please try again.',
    );
  });

  it("keeps the server's words where they are already for people", () => {
    // A server error the server explained, the shop's own refusals, the spec's login message.
    const mail = 'The SMS could not be sent just now. Please try again in a few minutes.';
    expect(messageOf(refusal(mail, 500, 'general_server_error'))).toBe(mail);
    const sold = 'A product in your cart has just sold out.';
    expect(messageOf(refusal(sold, 409, 'shop_product_sold_out'))).toBe(sold);
    const login = 'Invalid credentials. Please check the email and password.';
    expect(messageOf(refusal(login, 401, 'user_invalid_credentials'))).toBe(login);
  });

  it('says when the shop cannot be reached at all', () => {
    expect(messageOf(refusal('Failed to fetch', 0, ''))).toBe(
      'Could not reach the shop. Check your connection and try again.',
    );
  });
});
