import { NOTIFICATION_TYPES } from '@slotwise/shared/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, authOf } from '../../plugins/authenticate';
import { countUnread, listAll, listUnread, markAllRead, markRead } from './service';

const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  appointmentId: z.string().nullable(),
  read: z.boolean(),
  is_read: z.boolean(),
  created_at: z.string(),
  time: z.string(),
});

const idParams = z.object({ id: z.uuid('Invalid notification id') });

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/notifications/unread',
    {
      onRequest: authenticated(),
      schema: {
        response: {
          200: z.object({
            unreadNotifications: z.array(notificationSchema),
            unreadCount: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const [unreadNotifications, unreadCount] = await Promise.all([
        listUnread(db(), userId),
        countUnread(db(), userId),
      ]);
      return { unreadNotifications, unreadCount };
    },
  );

  app.get(
    '/notifications',
    {
      onRequest: authenticated(),
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            notifications: z.array(notificationSchema),
            page: z.number(),
            pageSize: z.number(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const result = await listAll(db(), authOf(request).userId, page, pageSize);
      return { ...result, page, pageSize };
    },
  );

  app.patch(
    '/notifications/mark-all-read',
    {
      onRequest: authenticated(),
      schema: { response: { 200: z.object({ message: z.string(), updated: z.number() }) } },
    },
    async (request) => {
      const updated = await markAllRead(db(), authOf(request).userId);
      return { message: 'All notifications marked as read', updated };
    },
  );

  app.patch(
    '/notifications/:id/read',
    {
      onRequest: authenticated(),
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      await markRead(db(), authOf(request).userId, request.params.id);
      return { message: 'Notification marked as read' };
    },
  );
};
