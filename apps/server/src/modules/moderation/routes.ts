import {
  actionNoteSchema,
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminProviderParamsSchema,
  adminProviderResponseSchema,
  adminProvidersQuerySchema,
  adminProvidersResponseSchema,
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  adminReviewParamsSchema,
  adminReviewResponseSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  createReportSchema,
  fileReportResponseSchema,
  MODERATION_MESSAGES,
  reportParamsSchema,
  resolveReportResponseSchema,
  resolveReportSchema,
} from '@slotwise/shared/moderation-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, authOf } from '../../plugins/authenticate';
import {
  hideReview,
  reinstateProviderDirectly,
  resolveReport,
  suspendProviderDirectly,
  unhideReview,
} from './actions';
import { searchProviders, searchReviews } from './admin-search';
import { listAudit } from './audit-log';
import { fileReport, listReports } from './reports';

/**
 * Reports and the operator's actions (docs/product.md §19.3–§19.4, docs/decisions/072): anyone
 * signed in as a client or a provider reports; every /admin route is the operator's
 * (`authenticated('admin')`: 401 without a token, 403 to anyone else).
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const reporterWrite = guardedRoutes(
    authenticated('client', 'provider'),
    400,
    401,
    403,
    404,
    409,
    429,
  );
  const adminOnly = authenticated('admin');
  const adminRead = guardedRoutes(adminOnly, 400, 401, 403);
  const adminWrite = guardedRoutes(adminOnly, 400, 401, 403, 404, 409);

  app.post(
    '/reports',
    reporterWrite({ body: createReportSchema, response: { 201: fileReportResponseSchema } }),
    async (request, reply) => {
      const report = await fileReport(db, authOf(request).userId, request.body);
      return reply.code(201).send({ message: MODERATION_MESSAGES.reportFiled, report });
    },
  );

  app.get(
    '/admin/reports',
    adminRead({
      querystring: adminReportsQuerySchema,
      response: { 200: adminReportsResponseSchema },
    }),
    async (request) => listReports(db, request.query),
  );

  app.post(
    '/admin/reports/:id/resolve',
    adminWrite({
      params: reportParamsSchema,
      body: resolveReportSchema,
      response: { 200: resolveReportResponseSchema },
    }),
    async (request) => resolveReport(db, authOf(request).userId, request.params.id, request.body),
  );

  app.post(
    '/admin/reviews/:id/hide',
    adminWrite({
      params: adminReviewParamsSchema,
      body: actionNoteSchema,
      response: { 200: adminReviewResponseSchema },
    }),
    async (request) => ({
      message: MODERATION_MESSAGES.reviewHidden,
      review: await hideReview(db, authOf(request).userId, request.params.id, request.body.note),
    }),
  );

  app.post(
    '/admin/reviews/:id/unhide',
    adminWrite({
      params: adminReviewParamsSchema,
      body: actionNoteSchema,
      response: { 200: adminReviewResponseSchema },
    }),
    async (request) => ({
      message: MODERATION_MESSAGES.reviewShown,
      review: await unhideReview(db, authOf(request).userId, request.params.id, request.body.note),
    }),
  );

  app.post(
    '/admin/providers/:id/suspend',
    adminWrite({
      params: adminProviderParamsSchema,
      body: actionNoteSchema,
      response: { 200: adminProviderResponseSchema },
    }),
    async (request) => ({
      message: MODERATION_MESSAGES.providerSuspended,
      provider: await suspendProviderDirectly(
        db,
        authOf(request).userId,
        request.params.id,
        request.body.note,
      ),
    }),
  );

  app.post(
    '/admin/providers/:id/reinstate',
    adminWrite({
      params: adminProviderParamsSchema,
      body: actionNoteSchema,
      response: { 200: adminProviderResponseSchema },
    }),
    async (request) => ({
      message: MODERATION_MESSAGES.providerReinstated,
      provider: await reinstateProviderDirectly(
        db,
        authOf(request).userId,
        request.params.id,
        request.body.note,
      ),
    }),
  );

  app.get(
    '/admin/providers',
    adminRead({
      querystring: adminProvidersQuerySchema,
      response: { 200: adminProvidersResponseSchema },
    }),
    async (request) => searchProviders(db, request.query),
  );

  app.get(
    '/admin/reviews',
    adminRead({
      querystring: adminReviewsQuerySchema,
      response: { 200: adminReviewsResponseSchema },
    }),
    async (request) => searchReviews(db, request.query),
  );

  app.get(
    '/admin/audit',
    adminRead({ querystring: adminAuditQuerySchema, response: { 200: adminAuditResponseSchema } }),
    async (request) => listAudit(db, request.query),
  );
};
