import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, expectError, multipart } from '../../../test/harness.ts';
import {
  MB,
  USER_DATA_KEYS,
  jpeg,
  png,
  useProfileApp,
  validFields,
} from './testing/profile-kit.ts';

describe('profile', () => {
  const { t, send, member, update, getProfile } = useProfileApp();

  describe('POST /api/profile/update', () => {
    it('stores a name without bidi overrides, keeping the ZWJ of a Malayalam name', async () => {
      const { token } = await member();
      const res = await update(token, {
        name: 'Anil \u202Eexe.rav\u202C അവന്\u200D',
        address: 'Deira',
        wallet: 'Botim 050',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await getProfile(token)).name).toBe('Anil exe.rav അവന്\u200D');
    });

    it('updates the fields and answers { message, userData } with the changes', async () => {
      const { user, token } = await member({ mobile: '0501112222' });
      const res = await update(token, validFields({ gender: 'male' }));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['message', 'userData']);
      expect(body.message).toEqual(expect.any(String));
      expect(body.message.length).toBeGreaterThan(0);
      expect(Object.keys(body.userData).sort()).toEqual(USER_DATA_KEYS);
      expect(body.userData).toMatchObject({
        id: user.id,
        name: 'Fatima Rahman',
        address: 'Al Nahda 2, Dubai',
        wallet: 'Botim 0501234567',
        gender: 'male',
        profession_id: 1,
        email: user.email,
        mobile: '0501112222',
        status: 1,
        role: 'member',
        is_member: true,
        image: null,
      });
      expect(await getProfile(token)).toEqual(body.userData);
    });

    it('trims the text fields', async () => {
      const { token } = await member();
      const res = await update(
        token,
        validFields({ name: '  Trimmed Name  ', address: '\tSome Street \n', wallet: ' 77 ' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().userData).toMatchObject({
        name: 'Trimmed Name',
        address: 'Some Street',
        wallet: '77',
      });
    });

    it('keeps names and addresses in Arabic script as typed', async () => {
      const { token } = await member();
      const res = await update(
        token,
        validFields({ name: 'فاطمة الرحمن', address: 'النهدة ٢، دبي' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await getProfile(token)).toMatchObject({
        name: 'فاطمة الرحمن',
        address: 'النهدة ٢، دبي',
      });
    });

    it('leaves the gender as it was when none is sent or it is empty', async () => {
      const { token } = await member({ gender: 'female' });
      expect((await update(token, validFields())).json().userData.gender).toBe('female');
      expect((await update(token, validFields({ gender: '' }))).json().userData.gender).toBe(
        'female',
      );
    });

    it('keeps the address when none is sent (the spec client never sends it)', async () => {
      const { token } = await member({ address: 'Karama, Dubai' });
      const res = await update(token, {
        name: 'Spec Client',
        profession_id: '1',
        wallet: 'W-7',
        gender: 'male',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().userData).toMatchObject({
        name: 'Spec Client',
        wallet: 'W-7',
        gender: 'male',
        address: 'Karama, Dubai',
      });
    });

    it('answers 422 with an error per missing required field, and changes nothing', async () => {
      const { token } = await member({ name: 'Before Name' });
      const body = expectError(await update(token, { profession_id: '1' }), 422);
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(['name', 'wallet']);
      for (const messages of Object.values(body.errors ?? {}))
        expect(messages[0]).toMatch(/required/i);
      expect((await getProfile(token)).name).toBe('Before Name');
    });

    it('answers 422 to blank required fields', async () => {
      const { token } = await member();
      const body = expectError(
        await update(token, validFields({ name: '   ', address: '', wallet: ' ' })),
        422,
      );
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(['address', 'name', 'wallet']);
    });

    it('answers 422 to a name longer than 100 characters', async () => {
      const { token } = await member();
      const body = expectError(await update(token, validFields({ name: 'n'.repeat(101) })), 422);
      expect(Object.keys(body.errors ?? {})).toEqual(['name']);
    });

    it('answers 422 to a name with control characters', async () => {
      const { token } = await member();
      const body = expectError(await update(token, validFields({ name: 'Evil\u0007Name' })), 422);
      expect(Object.keys(body.errors ?? {})).toEqual(['name']);
    });

    it.each(['other', 'MALE', 'm'])('answers 422 on errors.gender to gender %j', async (gender) => {
      const { token } = await member({ gender: 'female' });
      const body = expectError(await update(token, validFields({ gender })), 422);
      expect(Object.keys(body.errors ?? {})).toEqual(['gender']);
      expect((await getProfile(token)).gender).toBe('female');
    });

    it.each(['999', '0', '-1', 'abc', '1.5'])(
      'answers 422 on errors.profession_id to profession_id %j',
      async (professionId) => {
        const { token } = await member();
        const body = expectError(
          await update(token, validFields({ profession_id: professionId })),
          422,
        );
        expect(Object.keys(body.errors ?? {})).toEqual(['profession_id']);
      },
    );

    it('ignores fields a member may not set (role, status, email, balances, ids)', async () => {
      const { user, token } = await member();
      const other = await member();
      const res = await update(
        token,
        validFields({
          role: 'admin',
          status: '0',
          email: 'hijack@example.test',
          wallet_balance: '999999',
          account_balance: '999999',
          id: String(other.user.id),
          unique_id: 'JM000001',
          password: 'new-password-123',
          password_hash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB',
          created_at: '2000-01-01T00:00:00.000Z',
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().userData;
      expect(data).toMatchObject({
        id: user.id,
        unique_id: user.uniqueId,
        role: 'member',
        is_member: true,
        status: 1,
        email: user.email,
        created_at: user.createdAt.toISOString(),
        name: 'Fatima Rahman',
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        role: 'member',
        status: 1,
        email: user.email,
        passwordHash: user.passwordHash,
      });
      // The member's sign-in is untouched and no balance appeared.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email: user.email, password: 'new-password-123' },
          })
        ).statusCode,
      ).toBe(401);
      const account = (
        await send({ method: 'GET', url: '/api/my-account-data', headers: bearer(token) })
      ).json().myAccountData;
      expect(account.account_balance).toBe(0);
      // The other member was not touched either.
      expect((await getProfile(other.token)).name).toBe(other.user.name);
    });

    it('answers 401 without a token and changes nothing', async () => {
      const { user } = await member();
      const body = multipart(validFields());
      expectError(
        await send({
          method: 'POST',
          url: '/api/profile/update',
          headers: body.headers,
          payload: body.payload,
        }),
        401,
      );
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.name).toBe(user.name);
    });

    it('checks the token before the body: an anonymous upload with bad fields is 401', async () => {
      const body = multipart(
        { gender: 'other' },
        { image: { filename: 'a.png', contentType: 'image/png', data: await png() } },
      );
      expectError(
        await send({
          method: 'POST',
          url: '/api/profile/update',
          headers: body.headers,
          payload: body.payload,
        }),
        401,
      );
    });

    it("checks the token before reading a stranger's file: an anonymous 11 MB upload is 401, not 413", async () => {
      const big = multipart(validFields(), {
        image: {
          filename: 'big.jpg',
          contentType: 'image/jpeg',
          data: Buffer.concat([await jpeg(), Buffer.alloc(11 * MB)]),
        },
      });
      expectError(
        await send({
          method: 'POST',
          url: '/api/profile/update',
          headers: big.headers,
          payload: big.payload,
        }),
        401,
      );
    });

    it('accepts the same fields as a JSON body', async () => {
      // The spec client sends multipart; a JSON body of the text fields works the same way.
      const { token } = await member();
      const res = await send({
        method: 'POST',
        url: '/api/profile/update',
        headers: bearer(token),
        payload: {
          name: 'Json Name',
          address: 'Json Street',
          profession_id: 1,
          wallet: 'J-1',
          gender: 'female',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().userData).toMatchObject({
        name: 'Json Name',
        address: 'Json Street',
        wallet: 'J-1',
        gender: 'female',
      });
    });

    it('refuses an image sent as JSON text with 422 on errors.image', async () => {
      const { token } = await member();
      const res = await send({
        method: 'POST',
        url: '/api/profile/update',
        headers: bearer(token),
        payload: {
          ...validFields(),
          image: `data:image/png;base64,${(await png()).toString('base64')}`,
        },
      });
      const body = expectError(res, 422);
      expect(Object.keys(body.errors ?? {})).toEqual(['image']);
    });

    it('answers 415 with the error shape to a urlencoded body', async () => {
      const { token } = await member();
      const res = await send({
        method: 'POST',
        url: '/api/profile/update',
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=A&address=B&wallet=C&profession_id=1',
      });
      expectError(res, 415);
    });

    it('refuses a text field named image that points at another member\u2019s file', async () => {
      const owner = await member();
      const uploaded = await update(owner.token, validFields(), {
        filename: 'me.png',
        contentType: 'image/png',
        data: await png(),
      });
      const url = uploaded.json().userData.image as string;
      const { token } = await member();
      const res = await update(token, validFields({ image: url }));
      expectError(res, 422);
      expect((await getProfile(token)).image).toBeNull();
    });
  });
});
