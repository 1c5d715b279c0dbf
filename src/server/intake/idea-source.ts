/**
 * The source stored with an idea (decision 134). From the page's script: the two fields it sends (the landing noted
 * in the visit's session storage). From the browser's own form post: the form page's URL in the Referer (same
 * origin, so the site's `strict-origin-when-cross-origin` sends it whole), whose campaign parameters are the
 * landing's when the visitor sent the form on the page they landed on; which site referred them is then unknown.
 */
import type { FastifyRequest } from 'fastify';
import { keptParams } from '../../domain/landing';
import { leadSourceOf, type LeadSource } from '../../domain/lead-source';
import type { IdeaRequestBody } from './validate-idea';

export function ideaSourceOf(request: FastifyRequest, body: IdeaRequestBody, viaForm: boolean): LeadSource {
  if (!viaForm) {
    return leadSourceOf({ params: keptParams(body.sourceParams ?? ''), referrer: body.sourceReferrer ?? '' });
  }
  let search = '';
  try {
    search = new URL(request.headers.referer ?? '').search;
  } catch {
    // No Referer (a browser or proxy that strips it): nothing is known.
  }
  return leadSourceOf({ params: keptParams(search) }, { referrerKnown: false });
}
