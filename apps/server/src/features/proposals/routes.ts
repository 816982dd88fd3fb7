import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fundProposal, proposalsList } from '@jamiya/contracts/proposals';
import { errorBody } from '@jamiya/contracts/common';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { openProposalViews, withdrawnProposalView, type LoanOwners } from './views.ts';

/** Money leaving the fund that waits for a second admin: the list, and withdrawing one. */
export const proposalAdminRoutes =
  ({ loanOwners }: { loanOwners: LoanOwners }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps;

    app.get(
      '/proposals',
      {
        schema: {
          tags: ['proposals'],
          operationId: 'proposals.list',
          summary: 'Payouts, write-offs and share-outs proposed by one admin, awaiting a second',
          description:
            'For an active admin: each open proposal with what it would do and who proposed it; another admin confirms one by making the same call.',
          ...secured,
          response: { 200: proposalsList, ...refused },
        },
      },
      async () => ({ items: await openProposalViews(db, loanOwners) }),
    );

    app.post(
      '/proposals/:id/withdraw',
      {
        config: { idempotent: true },
        schema: {
          tags: ['proposals'],
          operationId: 'proposals.withdraw',
          summary: 'Withdraw an open proposal (any admin)',
          description:
            'For an active admin, the proposer or another; nothing is carried out, and a proposal no longer open is 409.',
          ...secured,
          params: idParams,
          response: {
            200: z.object({ message: z.string(), proposal: fundProposal }),
            ...refused,
            404: errorBody,
            409: errorBody,
          },
        },
      },
      async (request) => {
        const proposal = await withdrawnProposalView(
          db,
          request.params.id,
          actorOf(request),
          new Date(),
          loanOwners,
        );
        return { message: /*i18n*/ 'The proposal was withdrawn.', proposal };
      },
    );
  };
