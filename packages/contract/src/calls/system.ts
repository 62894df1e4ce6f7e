import { defineCall, rawAnswer } from '../call';

// The console's own calls about itself (decisions 'API reference').
export const systemCalls = {
  openApi: defineCall({
    area: 'system',
    method: 'GET',
    path: '/api/openapi.json',
    right: 'read',
    summary: 'The OpenAPI 3.1 document of every call of the console, generated from the contract.',
    access: 'navigation',
    answers: { 200: rawAnswer('application/json', 'The OpenAPI 3.1 document.') },
  }),
  reference: defineCall({
    area: 'system',
    method: 'GET',
    path: '/api/reference',
    right: 'read',
    summary: 'A readable reference page of every call, served by the console (no CDN).',
    access: 'navigation',
    answers: { 200: rawAnswer('text/html', 'The reference page.') },
  }),
};
