import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@jamiya/contracts/common';
import {
  accountCodeParams,
  accountSaved,
  chartAccounts as chartAccountsView,
  createAccountBody,
  updateAccountBody,
} from '@jamiya/contracts/accounts';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { deleteAccount } from './chart.ts';
import { chartAccountViews, createdAccountView, updatedAccountView } from './chart-views.ts';

// The chart of accounts as the treasurer keeps it (docs/domain/accounts.md).

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
      items: await chartAccountViews(db, requestLanguage(request)),
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
      const language = requestLanguage(request);
      const account = await createdAccountView(
        db,
        request.body,
        actorOf(request),
        new Date(),
        language,
      );
      reply.status(201);
      return { message: translate(language, /*i18n*/ 'The account was added.'), account };
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
      const language = requestLanguage(request);
      const account = await updatedAccountView(
        db,
        request.params.code,
        request.body,
        actorOf(request),
        new Date(),
        language,
      );
      return { message: translate(language, /*i18n*/ 'The account was saved.'), account };
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
