/**
 * Contact-us messages (stored, then mailed to support), translation through a configured service, and the staff's
 * printable guides (F13).
 */
import type { FastifyRequest } from 'fastify';
import path from 'node:path';
import {
  CONTACT_IMAGE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  contracts,
  type Body,
  type MultipartBody,
} from '@readalong/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { contactMessages } from '../../db/schema/index.js';
import { AppError, invalidField } from '../../domain/errors.js';
import { readMultipart } from '../../http/multipart.js';
import type { Actor } from '../../domain/actor.js';
import { findUser } from '../auth/auth.service.js';
import { TEACHER_RESOURCES } from './teacher-resources.js';

interface ContactMessage {
  userId: number | null;
  name: string;
  email: string;
  account: string | null;
  message: string;
  attachmentKey: string | null;
}

export function createSupportService(deps: Deps) {
  const { db, storage, mail, config } = deps;

  /** The form's fields, and its screenshot checked by content and size (F1) before it is stored. */
  const readContactForm = <F extends z.ZodObject>(request: FastifyRequest, form: MultipartBody<F>) =>
    readMultipart(request, form, storage, () => ({
      folder: 'contact',
      maxBytes: CONTACT_IMAGE_MAX_BYTES,
      acceptedTypes: PROFILE_PICTURE_TYPES,
    }));

  async function deliver(contact: ContactMessage) {
    await db.insert(contactMessages).values(contact);
    await mail.send({
      to: config.mail.supportEmail,
      replyTo: contact.email,
      subject: `Contact form: ${contact.name}`,
      text: [
        `From: ${contact.name} <${contact.email}>`,
        `Account: ${contact.account ?? '(none given)'}`,
        '',
        contact.message,
      ].join('\n'),
      ...(contact.attachmentKey
        ? {
            attachments: [
              {
                filename: path.basename(contact.attachmentKey),
                path: path.join(config.dataDir, 'files', contact.attachmentKey),
              },
            ],
          }
        : {}),
    });
    return { success: true as const };
  }

  return {
    async contactUsPublic(request: FastifyRequest) {
      const { fields, files } = await readContactForm(request, contracts.contactUsPublic.multipart);
      return deliver({
        userId: null,
        name: fields.name,
        email: fields.email,
        account: fields.ailearn_account ?? null,
        message: fields.message,
        attachmentKey: files.file?.key ?? null,
      });
    },

    /** As the signed-in user: what they leave out comes from their account (F4). */
    async contactUs(actor: Actor, request: FastifyRequest) {
      const { fields, files } = await readContactForm(request, contracts.contactUs.multipart);
      const user = await findUser(db, actor.userId);
      const email = fields.email ?? user?.email;
      if (!email) {
        if (files.file) await storage.remove(files.file.key);
        throw invalidField('body.email', 'we need an address to answer you');
      }
      return deliver({
        userId: actor.userId,
        name: fields.name ?? `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(),
        email,
        account: fields.ailearn_account ?? user?.username ?? null,
        message: fields.message,
        attachmentKey: files.file?.key ?? null,
      });
    },

    /** The same guides for every staff member: written here, not per school (F13). */
    teacherResources: async () => ({ resources: TEACHER_RESOURCES }),

    /** LibreTranslate-compatible `POST /translate`; 503 when no service is configured (F5). */
    async translate(body: Body<typeof contracts.translate>) {
      if (!config.translate) {
        throw new AppError(
          'service_unavailable',
          'Translation is not available: no translation service is configured.',
        );
      }
      const response = await fetch(new URL('/translate', config.translate.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          q: body.text,
          source: body.source_lang ?? 'en',
          target: body.target_lang,
          format: 'text',
          ...(config.translate.apiKey ? { api_key: config.translate.apiKey } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      const result = response?.ok ? ((await response.json()) as { translatedText?: unknown }) : null;
      if (typeof result?.translatedText !== 'string') {
        throw new AppError(
          'service_unavailable',
          'The translation service did not answer. Please try again later.',
        );
      }
      return { result: result.translatedText };
    },
  };
}
