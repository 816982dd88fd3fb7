import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams, listOf, listQuery } from '@jamiya/contracts/common';
import {
  loanRepaymentFields,
  monthlyPaymentFields,
  payment,
  periodParams,
  salaryLateResponse,
  savePaymentResponse,
} from '@jamiya/contracts/payments';
import { unprocessable } from '../../lib/errors.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { uploadedFile } from '../../lib/uploaded-file.ts';
import { currentUser, requireCurrentMember, requireMember } from '../sessions/public.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { submitMonthlyPayment, submitRepaymentWithReceipt } from './monthly-payment.ts';
import { myPaymentsPage, toPaymentView } from './payment-view.ts';
import { flagSalaryLate } from './fines.ts';
import { sentence, translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, refusedUpload, secured } from '../../lib/route-kit.ts';

/** What a member's submission with a receipt may answer. */
const submissionAnswers = {
  200: savePaymentResponse,
  401: errorBody,
  403: errorBody,
  409: errorBody,
  ...refusedUpload,
};

const REPAYMENT_RECEIVED =
  /*i18n*/ 'Your loan payment was received. It will be added once the committee confirms it.';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  installIdempotency(app);

  app.post(
    '/save-monthly-payment',
    {
      config: { idempotent: true },
      onRequest: requireCurrentMember,
      schema: {
        tags: ['payments'],
        operationId: 'payments.submitMonthlyPayment',
        summary:
          'Pay a monthly due with a receipt, or (with only payment_amount) repay the active loan',
        description:
          'With `month`, `account_number` and the receipt `photo`: a monthly due, refused (409) when that month is already paid or under review. ' +
          'Optionally `transfer_date` and `bank_reference`, copied from the receipt, to find it in the bank statement. ' +
          'With only `payment_amount`: a repayment towards the active loan, refused when there is none (409) or it exceeds what is owed (422). ' +
          'Either waits for an admin to review it before it moves any money.',
        ...secured,
        consumes: ['multipart/form-data'],
        body: monthlyPaymentFields.extend({
          photo: uploadedFile('Receipt', /*i18n*/ 'Receipt must be a file.').optional(),
        }),
        response: submissionAnswers,
      },
    },
    async (request) => {
      const { payment, repayment } = await submitMonthlyPayment(
        { db, storage },
        currentUser(request).userId,
        request.body,
        { ip: request.ip, now: new Date() },
      );
      return {
        status_code: 200 as const,
        message: repayment
          ? REPAYMENT_RECEIVED
          : /*i18n*/ 'Your payment was submitted. It is added to your balance when the committee approves it.',
        payment: toPaymentView(payment),
      };
    },
  );

  app.post(
    '/my-dues/:period/salary-late',
    {
      config: { idempotent: true },
      onRequest: requireCurrentMember,
      schema: {
        tags: ['payments'],
        operationId: 'payments.flagSalaryLate',
        summary: '"My salary is late": the late fine of a month waits',
        description:
          "Once a month, before the month's fine day: the fine then waits the grace days from today (`fine_on`). " +
          'A month before joining or after this one is 404; a month paid, already flagged or fined, or past its grace, or one no fine falls on, is 409.',
        ...secured,
        params: periodParams,
        response: { 200: salaryLateResponse, ...refused, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { fineOn } = await flagSalaryLate(
        db,
        me.userId,
        request.params.period,
        new Date(),
        request.ip,
      );
      return {
        message: translate(
          requestLanguage(request),
          sentence(
            /*i18n*/ 'Noted: your salary is late. If {month} is still unpaid on {day}, the late fine is charged then.',
            { month: { month: request.params.period }, day: { day: fineOn } },
          ),
        ),
        fine_on: fineOn,
      };
    },
  );

  app.post(
    '/my-loans/:id/repayments',
    {
      config: { idempotent: true },
      onRequest: requireCurrentMember,
      schema: {
        tags: ['payments'],
        operationId: 'payments.submitLoanRepayment',
        summary: 'Repay the active loan with a receipt',
        description:
          'Multipart: `payment_amount`, the receipt `photo` (required) and optionally `account_number`, `transfer_date` and `bank_reference` (from the receipt, to find it in the bank statement). ' +
          "Another member's loan is 404; a loan that is not active is 409; an amount above what is owed beyond the repayments under review is 422. " +
          'Waits for an admin to review it before it moves any money.',
        ...secured,
        consumes: ['multipart/form-data'],
        params: idParams,
        body: loanRepaymentFields.extend({
          photo: uploadedFile('Receipt', /*i18n*/ 'Receipt must be a file.').optional(),
        }),
        response: { ...submissionAnswers, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { photo } = request.body;
      if (photo === undefined) {
        throw unprocessable(/*i18n*/ 'Attach the receipt of your transfer (a photo or a PDF).', {
          photo: [/*i18n*/ 'Attach the receipt (a photo or a PDF).'],
        });
      }
      const created = await submitRepaymentWithReceipt(
        { db, storage },
        me.userId,
        request.params.id,
        request.body,
        photo,
        request.ip,
      );
      return {
        status_code: 200 as const,
        message: REPAYMENT_RECEIVED,
        payment: toPaymentView(created),
      };
    },
  );

  app.get(
    '/my-payments',
    {
      onRequest: requireMember,
      schema: {
        tags: ['payments'],
        operationId: 'payments.listMine',
        summary: 'The submissions of the signed-in member, newest first',
        description:
          "For a signed-in member (an admin without membership is refused, 403): each due and loan repayment sent, with its status (pending, approved or rejected), the amount approved and the treasurer's note.",
        ...secured,
        querystring: listQuery,
        response: { 200: listOf(payment), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) =>
      myPaymentsPage(db, currentUser(request).userId, {
        cursor: parseCursor(request.query.cursor),
        limit: request.query.limit,
      }),
  );
};
