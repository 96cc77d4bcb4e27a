/** The schemas of the product's enums (domain.ts), for the contracts: what an id or a role may be. */
import { z } from 'zod';
import { ALERT_TYPES, ROLES } from './domain.js';

export const Role = z.enum(ROLES).describe('login_role of a user');
export type Role = z.infer<typeof Role>;

export const SeriesId = z.number().int().min(1).max(6).describe('series id: 1 A, 2 B, 3 C, 4 D, 5 E, 6 BR');

export const ColourBandId = z.number().int().min(1).max(26).describe('colour band id, 1–26');

export const AlertTypeId = z.number().int().min(1).max(ALERT_TYPES.length).describe('alert type id, 1–20');

export const BuilderTypeId = z
  .number()
  .int()
  .min(1)
  .max(4)
  .describe('builder type: 1 placement test, 2 power builder, 3 skill builder, 4 rate builder');

export const QuestionTypeId = z.number().int().min(1).max(8).describe('question type, 1–8');

export const MistakeTypeId = z
  .number()
  .int()
  .min(1)
  .max(4)
  .describe('mistake type: 1 omission, 2 insertion, 3 mispronunciation, 4 substitution');
