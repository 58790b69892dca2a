import * as z from 'zod/mini';
import { eventName, flowDefinitionSchema, uuidOf } from './automations';
import { AUTOMATION_MESSAGES, FLOW_LIMITS } from './automations-messages';

// The automations routes' request bodies: a flow made (from a definition or a starter template),
// changed, or tried on one person.

export const flowNameSchema = z
  .string({ error: AUTOMATION_MESSAGES.nameRequired })
  .check(z.trim(), z.minLength(1, AUTOMATION_MESSAGES.nameRequired), z.maxLength(FLOW_LIMITS.name, AUTOMATION_MESSAGES.tooLong(FLOW_LIMITS.name)));

export const FLOW_TEMPLATES = ['welcome_series', 'abandoned_cart', 'post_purchase', 'win_back', 'birthday', 'sunset'] as const;
export type FlowTemplateId = (typeof FLOW_TEMPLATES)[number];

/** POST .../flows: a definition, or a starter template's (then the list or segment it needs may follow). */
export const flowCreateSchema = z
  .strictObject({
    name: flowNameSchema,
    definition: z.optional(flowDefinitionSchema),
    template: z.optional(z.enum(FLOW_TEMPLATES, AUTOMATION_MESSAGES.templateUnknown)),
  })
  .check(z.refine((body) => !(body.definition && body.template), { error: AUTOMATION_MESSAGES.templateUnknown, path: ['template'] }));
export type FlowCreate = z.output<typeof flowCreateSchema>;

/** PUT .../flows/{id}: a new version when the definition changes. */
export const flowUpdateSchema = z.strictObject({ name: z.optional(flowNameSchema), definition: z.optional(flowDefinitionSchema) });
export type FlowUpdate = z.output<typeof flowUpdateSchema>;

/** POST .../flows/{id}/test: the path this person would take, from one of their past events (or now). */
export const flowTestSchema = z.strictObject({
  subscriber_id: uuidOf(AUTOMATION_MESSAGES.subscriberNotFound),
  /**
   * One of the person's past events, as their timeline lists it (GET .../subscribers/{id}/events):
   * its name and occurred_at. The trigger to try; omitted, the flow is tried as if triggered at `at`.
   */
  event: z.optional(
    z.strictObject({
      name: eventName,
      occurred_at: z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), AUTOMATION_MESSAGES.testAtInvalid)),
    }),
  ),
  /** When to pretend it is (default now). */
  at: z.optional(z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), AUTOMATION_MESSAGES.testAtInvalid))),
});
export type FlowTest = z.output<typeof flowTestSchema>;
