import { MESSAGES } from '@slotwise/shared/texts';
import type { FastifyRequest } from 'fastify';
import { PayloadTooLargeError, ValidationError } from '../errors';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  declaredType: string;
  buffer: Buffer;
}

export interface FormInput {
  fields: Record<string, unknown>;
  file: UploadedFile | null;
}

/**
 * Reads a multipart form (or, for API clients, a JSON body) into plain fields plus at most
 * one file. Size and count limits come from the multipart plugin's registration.
 */
export async function readForm(request: FastifyRequest, fileField: string): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw new ValidationError('The request body must be an object');
    }
    return { fields: { ...(body as Record<string, unknown> | undefined) }, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname !== fileField) {
          throw ValidationError.field(part.fieldname, `Unexpected file field "${part.fieldname}"`);
        }
        // Browsers send an empty part for an empty file input: that is "no file".
        if (buffer.length === 0) continue;
        file = {
          fieldname: part.fieldname,
          filename: part.filename,
          declaredType: part.mimetype,
          buffer,
        };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(MESSAGES.imageTooLarge);
    if (
      code === 'FST_FILES_LIMIT_REACHED' ||
      code === 'FST_PARTS_LIMIT_REACHED' ||
      code === 'FST_FIELDS_LIMIT_REACHED'
    ) {
      throw new PayloadTooLargeError('Too many fields or files in the form');
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') {
      throw new ValidationError('The form data could not be read');
    }
    if (
      error instanceof Error &&
      /Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found|Part terminated early/i.test(
        error.message,
      )
    ) {
      throw new ValidationError('The form data could not be read');
    }
    throw error;
  }
  return { fields, file };
}
