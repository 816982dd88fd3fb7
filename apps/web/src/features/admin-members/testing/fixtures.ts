import type { z } from 'zod';
import {
  adminMember,
  adminMemberDetail,
  applicationAcceptedResponse,
  memberCreatedResponse,
  membershipApplication,
  passwordLinkResponse,
  type AdminMember,
  type AdminMemberDetail,
  type MembershipApplication,
  handOver,
  type HandOver,
} from '@jamiya/contracts/members';
import { fundProposal, type FundProposal } from '@jamiya/contracts/proposals';
import type { UserData } from '@jamiya/contracts/profile';
import { activeLoan, profileBody } from '../../../testing/api-fixtures.ts';

// Answers shaped like the real API's: each is parsed with the contract's schema, so a
// fixture that drifts from the server's shape fails here instead of passing silently.

export function member(overrides: Partial<AdminMember> = {}): AdminMember {
  return adminMember.parse({
    id: 3,
    unique_id: 'JM000003',
    name: 'Rahul Nair',
    email: 'rahul@jamiya.example',
    mobile: '0551234567',
    national_id: 'P7654321',
    address: 'Al Qusais, Dubai',
    role: 'member',
    is_member: true,
    status: 'active',
    joined_on: '2026-08-01',
    created_at: '2026-08-01T08:00:00.000Z',
    savings: 1600,
    loan_outstanding: 0,
    ...overrides,
  });
}

export const amina = () =>
  member({
    id: 2,
    unique_id: 'JM000002',
    name: 'Amina Rahman',
    email: 'amina@jamiya.example',
    mobile: '+971 50 123 4567',
    savings: 2400.5,
    loan_outstanding: 1426.66,
  });

export const listBody = <T>(items: T[], next_cursor: string | null = null) => ({
  items,
  next_cursor,
});

export const link = {
  url: 'http://localhost:5173/set-password?token=abcdefghijklmnopqrstuvwxyz0123456789',
  expires_at: '2026-12-02T09:30:00.000Z',
};

/** A link no mail carried, as the admins who made it hand it over (the member's page, a dialog). */
export const handover = (over: Partial<HandOver> = {}): HandOver =>
  handOver.parse({
    member: { id: 2, unique_id: 'JM000002', name: 'Amina Rahman' },
    email: 'amina@jamiya.example',
    mobile: '+971 50 123 4567',
    language: 'bn',
    purpose: 'reset',
    set_password_link: link,
    message: `প্রিয় Amina Rahman,\n\n${link.url}`,
    issued_by: 'Treasurer Tariq',
    confirmed_by: null,
    ...over,
  });

export const createdBody = (name = 'Fatima Khan') =>
  memberCreatedResponse.parse({
    message: 'The member has been added.',
    member: member({ id: 9, unique_id: 'JM000009', name, email: 'fatima@example.com' }),
    set_password_link: link,
    emailed: false,
    handover: handover({ purpose: 'invite' }),
  });

/** Mailed to the account (and then not given to the admin), or given when mail is not set up. */
export const passwordLinkBody = (emailed: boolean) =>
  passwordLinkResponse.parse({
    message: 'A new password link has been created.',
    set_password_link: emailed ? null : link,
    emailed,
    handover: emailed ? null : handover(),
  });

export function memberDetail(overrides: Partial<AdminMemberDetail> = {}): AdminMemberDetail {
  const m = amina();
  return adminMemberDetail.parse({
    member: m,
    due_balance: 556.67,
    unpaid_months: 1,
    loans: [
      {
        ...activeLoan(),
        member: { id: m.id, unique_id: m.unique_id, name: m.name },
        transitions: activeLoan().transitions.map((s) => ({
          ...s,
          admin: null,
          proposed_by: null,
        })),
      },
    ],
    payments: [
      {
        id: 11,
        kind: 'dues',
        month: 'November 2026',
        period: '2026-11',
        loan_id: null,
        amount: 200,
        approved_amount: null,
        account_number: 'Botim 0501234567',
        transfer_date: null,
        bank_reference: null,
        status: 'rejected',
        review_note: 'The receipt is not readable.',
        receipt_url: '/api/files/11',
        created_at: '2026-11-03T08:00:00.000Z',
        reviewed_at: '2026-11-04T08:00:00.000Z',
        member: { id: m.id, unique_id: m.unique_id, name: m.name },
        dues_month: { due: 200, fine: 0, paid: 0, remaining: 200 },
        possible_duplicates: [],
      },
    ],
    statement: [
      {
        entry_id: 21,
        occurred_at: '2026-11-17T08:00:00.000Z',
        kind: 'repayment',
        memo: 'Installment 2 of loan #1',
        savings_change: 0,
        loan_change: -380,
        loan_principal_change: -356.67,
        loan_interest_change: -23.33,
        savings_balance: 2400.5,
        loan_balance: 1520,
        loan_principal_balance: 1426.66,
        loan_interest_balance: 93.34,
      },
      {
        entry_id: 20,
        occurred_at: '2026-10-02T08:00:00.000Z',
        kind: 'dues',
        memo: 'Dues for October 2026',
        savings_change: 200.5,
        loan_change: 0,
        loan_principal_change: 0,
        loan_interest_change: 0,
        savings_balance: 2400.5,
        loan_balance: 1900,
        loan_principal_balance: 1783.33,
        loan_interest_balance: 116.67,
      },
    ],
    ...overrides,
  });
}

export function application(overrides: Partial<MembershipApplication> = {}): MembershipApplication {
  return membershipApplication.parse({
    id: 5,
    name: 'Sara Ali',
    email: 'sara@example.com',
    mobile: '+971 55 765 4321',
    national_id: 'N9988776',
    address: 'Deira, Dubai',
    status: 'pending',
    reason: null,
    created_at: '2026-11-28T10:00:00.000Z',
    decided_at: null,
    member_id: null,
    language: 'ur',
    ...overrides,
  });
}

export const acceptedBody = (emailed: boolean): z.infer<typeof applicationAcceptedResponse> =>
  applicationAcceptedResponse.parse({
    message: 'The application has been accepted.',
    application: application({
      status: 'accepted',
      decided_at: '2026-12-01T09:30:00.000Z',
      member_id: 12,
    }),
    member: member({ id: 12, unique_id: 'JM000012', name: 'Sara Ali', email: 'sara@example.com' }),
    set_password_link: emailed ? null : link,
    emailed,
    handover: emailed ? null : handover(),
  });

/** The chair, Yusuf: an admin and a member, whose status only two admins change. */
export const yusuf = () =>
  member({
    id: 4,
    unique_id: 'JM000004',
    name: 'Yusuf Khan',
    email: 'chair@jamiya.example',
    role: 'admin',
  });

export const FATIMA = { id: 1, unique_id: 'JM000001', name: 'Fatima Al Mansoori' };

/** Signed in as an admin: Fatima (id 1) unless another is named. */
export function signedInAs(who: { id: number; unique_id: string; name: string } = FATIMA): {
  userData: UserData;
} {
  const { userData } = profileBody();
  return { userData: { ...userData, ...who, role: 'admin', is_member: false } };
}

/** Fatima's proposal about a member's account (docs/domain/maker-checker.md). */
export function memberProposal(overrides: Partial<FundProposal> = {}): FundProposal {
  return fundProposal.parse({
    id: 11,
    action: 'member.deactivate',
    loan_id: null,
    member: { id: 4, unique_id: 'JM000004', name: 'Yusuf Khan' },
    amount: null,
    reason: 'Stepping down',
    details: null,
    proposed_by: FATIMA,
    proposed_at: '2026-12-02T09:00:00.000Z',
    ...overrides,
  });
}
