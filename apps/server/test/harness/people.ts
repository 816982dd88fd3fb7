// The people of a test: members made through the app's own service, their sign-in, the month
// a new member joins in (Dubai's), and a loan application to send.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/features/demo/seed.ts';
import type { LoanApplication } from '../../src/features/loans/apply.ts';
import { createUser, type NewUser } from '../../src/features/users/create-user.ts';
import type { User } from '../../src/features/users/user-data.ts';

let counter = 0;
/** A member (or admin) made through the same service as the app. */
export async function makeUser(db: Db, overrides: Partial<NewUser> = {}): Promise<User> {
  counter += 1;
  return createUser(db, {
    name: `Member ${counter}`,
    email: `member${counter}-${randomBytes(3).toString('hex')}@example.test`,
    password: DEMO_PASSWORD,
    joinedOn: '2026-01-01',
    ...overrides,
  });
}

/** A personal loan application, 1,000 AED over 3 months without insurance unless changed. */
export function loanApplication(changes: Partial<LoanApplication> = {}): LoanApplication {
  return {
    loanType: 'personal',
    amountFils: 100_000,
    termMonths: 3,
    includeInsurance: false,
    bankAccount: 'b',
    passportOrNid: 'p',
    ...changes,
  };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// Dubai's month worked out here with Intl, independently of the server's calendar helpers.
/** The first day of this month in Dubai (YYYY-MM-01): a member who joined then owes one month. */
export function dubaiMonthStart(now = new Date()): string {
  const iso = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dubai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return `${iso.slice(0, 7)}-01`;
}

/** This month's English name in Dubai, as the dues form sends it. */
export const thisMonthName = () =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Dubai', month: 'long' }).format(new Date());
