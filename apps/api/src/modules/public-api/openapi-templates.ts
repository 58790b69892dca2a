import { CAMPAIGN_TEMPLATES, TEMPLATE_SOURCES } from '@postlark/shared/campaign-templates';
import { OWN_TEMPLATE_LIMITS, ownTemplateCreateSchema } from '@postlark/shared/own-templates';
import { common, idParam, json, type JsonSchema, type PathSpec, problem, record, ref, tooLarge } from './openapi-parts';
import { CAMPAIGN_BODY_LIMIT } from '../../http/body-limits';

// The template gallery's part of the public API (issue 33, points 5 and 7): the starting
// templates, drawn with the account's brand kit, then the account's own, each with the message it
// makes. A template's `html` is a campaign's `content_html`: create a campaign with it and it is
// laid out the same.

const notYours = problem('Not yours, or no such template');

export const templatePaths: Record<string, PathSpec> = {
  '/v1/templates': {
    get: {
      summary: `The ${CAMPAIGN_TEMPLATES.length} starting templates, drawn with your brand kit, then your own`,
      description: 'Each has the content to start a campaign from (`html`, as a campaign’s `content_html`) and `preview_html`, the message it makes for a sample reader, laid out as readers get it. `source` says whether it is one of ours (`built_in`) or one you saved (`own`).',
      responses: { '200': json('The gallery', ref('TemplateGallery')), ...common },
    },
    post: {
      summary: `Save a template of your own (at most ${OWN_TEMPLATE_LIMITS.perAccount})`,
      description: 'A subject and content (as a campaign’s `content_html`) kept under a name; it is listed in the gallery after the starting templates.',
      body: { name: 'OwnTemplateCreate', schema: ownTemplateCreateSchema, example: { name: 'Monthly letter', description: 'Our usual layout', subject: 'News from the shop', content_html: '<h1>This month</h1><p>Hi {{ first_name | default: "there" }},</p>' } },
      responses: {
        '201': json('Saved', ref('OwnTemplate')),
        '400': problem('No name, or a field too long'),
        '409': problem(`The account has ${OWN_TEMPLATE_LIMITS.perAccount} templates already`),
        '413': tooLarge(CAMPAIGN_BODY_LIMIT),
        ...common,
      },
    },
  },
  '/v1/templates/{id}': {
    parameters: [idParam],
    delete: { summary: 'Delete one of your templates: campaigns made from it keep their content', responses: { '200': json('Deleted', ref('Message')), '404': notYours, ...common } },
  },
};

export function templateSchemas(): Record<string, JsonSchema> {
  return {
    TemplateGallery: record({
      templates: {
        type: 'array',
        items: record({
          id: { type: 'string', description: `One of ${CAMPAIGN_TEMPLATES.map((template) => template.id).join(', ')} for a starting template, a uuid for one of yours` },
          source: { enum: [...TEMPLATE_SOURCES] },
          name: { type: 'string' },
          description: { type: 'string' },
          subject: { type: 'string', description: 'A suggested subject line' },
          html: { type: 'string', description: 'The content, as a campaign’s content_html' },
          preview_html: { type: 'string', description: 'The whole message for a sample reader' },
        }),
      },
    }),
    OwnTemplate: record({
      message: { type: 'string' },
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      description: { type: 'string' },
      subject: { type: 'string' },
      html: { type: 'string', description: 'The content, as a campaign’s content_html' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    }),
  };
}
