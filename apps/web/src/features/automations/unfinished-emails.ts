import type { EmailStep, FlowDefinition } from '@postlark/shared/automations';
import { isExampleHost, starterCopyIn } from '@postlark/shared/starter-copy';

// Issue 38, point 10: a starter flow's emails come with stand-in words; activating the flow sends
// them to real people as written. The builder asks before it does (flow-route.tsx).

export interface UnfinishedEmail {
  step: EmailStep;
  /** Starter sentences still in the email, in the templates' order. */
  sentences: string[];
  /** Links to example.com and the other documentation domains. */
  links: string[];
}

/** What an email's content still holds of a template. Parsed inert: DOMParser runs no script and loads no image. */
export function unfinishedParts(html: string): { sentences: string[]; links: string[] } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const links = [...doc.querySelectorAll('a[href]')].map((anchor) => anchor.getAttribute('href')?.trim() ?? '').filter((href) => URL.canParse(href) && isExampleHost(new URL(href).hostname));
  return { sentences: starterCopyIn(doc.body.textContent ?? ''), links: [...new Set(links)] };
}

/** The flow's email steps that still have starter words or example links, in the flow's order. */
export function unfinishedEmails(definition: FlowDefinition): UnfinishedEmail[] {
  return definition.steps
    .filter((step): step is EmailStep => step.type === 'email')
    .map((step) => ({ step, ...unfinishedParts(step.content_html) }))
    .filter((found) => found.sentences.length > 0 || found.links.length > 0);
}
