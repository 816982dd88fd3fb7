import { z } from 'zod';
import { optionalNote } from './admin.ts';
import { aedOutput, listQuery, memberRef, optionalText } from './common.ts';
import { adminLoan } from './loans.ts';
import {
  emailAddress,
  mobileNumber,
  nationalId,
  passwordLink,
  personName,
  postalAddress,
} from './membership.ts';
import { adminPayment } from './payments.ts';
import { language } from './profile.ts';
import { statementLine } from './statement.ts';
import { APPLICATION_STATUSES } from './values.ts';

// Members as the treasurer keeps them: search, create with a one-time link, the detail with
// the statement, status, reset links; and the applications from Join Now.

export const memberStatusName = z.enum(['active', 'inactive']);

export const adminMembersQuery = listQuery.extend({
  q: optionalText(100, {
    tooLong: /*i18n*/ 'The search must be at most 100 characters.',
    notAllowed: /*i18n*/ 'The search contains characters that are not allowed.',
  })
    .optional()
    .meta({ description: 'Part of the name, email, mobile or member ID.' }),
  status: memberStatusName.optional(),
});

export const adminMember = memberRef
  .extend({
    email: z.string(),
    mobile: z.string().nullable(),
    national_id: z.string().nullable(),
    address: z.string().nullable(),
    role: z.enum(['member', 'admin']),
    is_member: z.boolean(),
    status: memberStatusName,
    joined_on: z.string(),
    created_at: z.string(),
    savings: aedOutput,
    loan_outstanding: aedOutput,
  })
  .meta({ id: 'AdminMember' });
export type AdminMember = z.infer<typeof adminMember>;

export const createMemberRequest = z.object({
  name: personName,
  email: emailAddress,
  mobile: mobileNumber,
  national_id: nationalId.optional(),
  address: postalAddress.optional(),
  joined_on: z.iso
    .date(/*i18n*/ 'Enter the date as YYYY-MM-DD.')
    .optional()
    .meta({ description: 'Dues are owed from this month on; today when missing.' }),
  language: language.optional().meta({
    description: 'What the invitation and the app are in for this member; English when missing.',
  }),
});

/** Only when no mail server is set up: otherwise the link goes to the account's owner alone. */
const linkUnlessMailed = passwordLink.nullable().meta({
  description: 'Null when the link was e-mailed to the account: the admin never holds it.',
});

/**
 * A link to set a password that no mail carried, as the admins who issued it hand it over: the
 * proposer and the confirmer both see it until it is used or expires.
 */
export const handOver = z
  .object({
    member: memberRef,
    email: z.string(),
    mobile: z.string().nullable(),
    language,
    purpose: z.enum(['invite', 'reset']).meta({
      description: 'invite: for a member who never set a password (7 days); reset: 24 hours.',
    }),
    set_password_link: passwordLink,
    message: z.string().meta({
      description: "The words to send with it (WhatsApp, SMS), in the member's language.",
    }),
    issued_by: z.string().meta({ description: 'The admin who issued or proposed it.' }),
    confirmed_by: z
      .string()
      .nullable()
      .meta({ description: 'The second admin, when there was one.' }),
  })
  .meta({ id: 'HandOver' });
export type HandOver = z.infer<typeof handOver>;

export const handOverWhenNotMailed = handOver
  .nullable()
  .meta({ description: 'The link to hand over and its message, when it was not mailed.' });

export const memberCreatedResponse = z.object({
  message: z.string(),
  member: adminMember,
  set_password_link: linkUnlessMailed,
  emailed: z.boolean(),
  handover: handOverWhenNotMailed,
});

export const adminMemberDetail = z
  .object({
    member: adminMember,
    due_balance: aedOutput,
    unpaid_months: z.number().int(),
    loans: z.array(adminLoan),
    payments: z.array(adminPayment).meta({ description: 'The latest 50 submissions.' }),
    statement: z.array(statementLine).meta({ description: 'Newest first.' }),
  })
  .meta({ id: 'AdminMemberDetail' });
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

export const memberStatusRequest = z.object({
  status: memberStatusName,
  reason: optionalNote,
});

export const memberStatusResponse = z.object({ message: z.string(), member: adminMember });

export const passwordLinkResponse = z.object({
  message: z.string(),
  set_password_link: linkUnlessMailed,
  emailed: z.boolean(),
  handover: handOverWhenNotMailed,
});

export const handOverResponse = z.object({
  handover: handOver.nullable().meta({
    description: 'Null when no link of this member waits for the caller to hand over.',
  }),
});

// ---- Membership applications --------------------------------------------------------------

export const applicationStatus = z.enum(APPLICATION_STATUSES);

export const membershipApplication = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    national_id: z.string(),
    address: z.string(),
    status: applicationStatus,
    reason: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    member_id: z.number().int().nullable(),
    language: language.meta({
      description: 'The language of the Join page: the invitation is written in it.',
    }),
  })
  .meta({ id: 'MembershipApplication' });
export type MembershipApplication = z.infer<typeof membershipApplication>;

export const adminApplicationsQuery = listQuery.extend({
  status: applicationStatus.default('pending'),
});

export const applicationAcceptedResponse = z.object({
  message: z.string(),
  application: membershipApplication,
  member: adminMember,
  set_password_link: linkUnlessMailed,
  emailed: z.boolean(),
  handover: handOverWhenNotMailed,
});

export const applicationRejectedResponse = z.object({
  message: z.string(),
  application: membershipApplication,
});
