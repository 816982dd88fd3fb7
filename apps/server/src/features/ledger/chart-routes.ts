import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filsToAed } from '@jamiya/money/fils';
import { errorBody, messageBody } from '@jamiya/contracts/common';
import {
  accountCodeParams,
  accountSaved,
  chartAccounts as chartAccountsView,
  createAccountBody,
  updateAccountBody,
  type ChartAccount,
} from '@jamiya/contracts/accounts';
import type { Language } from '@jamiya/contracts/languages';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { accountNameIn } from './accounts.ts';
import {
  accountNames,
  chartAccounts,
  createAccount,
  deleteAccount,
  isBookable,
  updateAccount,
  type ChartRow,
} from './chart.ts';

// The chart of accounts as the treasurer keeps it (docs/domain/accounts.md).

async function viewsOf(
  db: Parameters<typeof accountNames>[0],
  rows: ChartRow[],
  language: Language,
): Promise<ChartAccount[]> {
  const names = await accountNames(
    db,
    rows.map((r) => r.code),
  );
  return rows.map((r) => ({
    code: r.code,
    name: accountNameIn(r.code, language, names),
    name_en: r.builtIn ? accountNameIn(r.code, 'en', names) : r.nameEn,
    name_ar: r.builtIn ? accountNameIn(r.code, 'ar', names) : r.nameAr,
    kind: r.kind,
    built_in: r.builtIn,
    bookable: isBookable(r.code),
    retired: r.retired,
    postings: r.postings,
    balance: filsToAed(r.balanceFils),
  }));
}

export const chartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/accounts',
    {
      schema: {
        tags: ['ledger'],
        operationId: 'ledger.listAccounts',
        summary: 'The chart of accounts: its own accounts and those the association named',
        description:
          "For an active admin: each account with its kind, names, whether a bank line may be booked to it, whether it is retired, its postings and balance. Members' savings and loans are not listed.",
        ...secured,
        response: { 200: chartAccountsView, ...refused },
      },
    },
    async (request) => ({
      items: await viewsOf(db, await chartAccounts(db), requestLanguage(request)),
    }),
  );

  app.post(
    '/accounts',
    {
      config: { idempotent: true },
      schema: {
        tags: ['ledger'],
        operationId: 'ledger.createAccount',
        summary: 'Name a new account: income, expense, equity, liability or asset',
        description:
          'For an active admin: `name_en`, `name_ar`, `kind` and an optional `code` (made from the English name when missing). A code taken is 409.',
        ...secured,
        body: createAccountBody,
        response: { 201: accountSaved, ...refused, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const row = await createAccount(db, request.body, actorOf(request), new Date());
      const language = requestLanguage(request);
      const [account] = await viewsOf(db, [row], language);
      reply.status(201);
      return { message: translate(language, /*i18n*/ 'The account was added.'), account: account! };
    },
  );

  app.post(
    '/accounts/:code',
    {
      config: { idempotent: true },
      schema: {
        tags: ['ledger'],
        operationId: 'ledger.updateAccount',
        summary: 'Rename an account, retire it or put it back in use',
        description:
          "For an active admin: `name_en`, `name_ar`, `retired` (a retired account takes no new posting and keeps its history). Jamiya's own accounts are 409.",
        ...secured,
        params: accountCodeParams,
        body: updateAccountBody,
        response: { 200: accountSaved, ...refused, 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const row = await updateAccount(
        db,
        request.params.code,
        request.body,
        actorOf(request),
        new Date(),
      );
      const language = requestLanguage(request);
      const [account] = await viewsOf(db, [row], language);
      return { message: translate(language, /*i18n*/ 'The account was saved.'), account: account! };
    },
  );

  app.delete(
    '/accounts/:code',
    {
      schema: {
        tags: ['ledger'],
        operationId: 'ledger.deleteAccount',
        summary: 'Delete an account that has no postings',
        description:
          "For an active admin: an account with postings is kept with them and retired instead (409), as is every one of Jamiya's own.",
        ...secured,
        params: accountCodeParams,
        response: { 200: messageBody, ...refused, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await deleteAccount(db, request.params.code, actorOf(request), new Date());
      return {
        message: translate(requestLanguage(request), /*i18n*/ 'The account was deleted.'),
      };
    },
  );
};
