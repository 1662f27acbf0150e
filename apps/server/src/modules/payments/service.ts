import type { FastifyInstance } from 'fastify';

/** STUB of the lead's payments service (docs/decisions/068-payments.md), replaced on merge. */
export async function markPaid(
  _app: FastifyInstance,
  _paymentId: string,
  _paid: { gatewayRef?: string; gatewayMethod?: string | null; customer?: string | null },
): Promise<'paid' | 'already' | 'late'> {
  throw new Error('markPaid: not written yet');
}
