import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { applyServerError, FIELDS_BELOW, mapServerError, NOT_SAVED } from './serverErrors';

const refused = (fields?: Record<string, string>, message = 'Refused.') =>
  new ApiError(400, 'BAD_REQUEST', message, fields);

describe('mapServerError', () => {
  it('puts field messages under their inputs and points the alert at them', () => {
    expect(mapServerError(refused({ name: 'Enter the client name.' }), ['name', 'email'])).toEqual({
      fields: { name: 'Enter the client name.' },
      formError: FIELDS_BELOW,
    });
  });

  it('sends a field without an input on the form to the alert', () => {
    const err = refused({ name: 'Taken.', reseller_id: 'Choose the reseller.' });
    expect(mapServerError(err, ['name', 'email'])).toEqual({
      fields: { name: 'Taken.' },
      formError: 'Choose the reseller.',
    });
  });

  it('follows aliases: the level shows under the organisation picker', () => {
    const err = refused({ level: 'The level follows the organisation.' });
    expect(mapServerError(err, ['organisation_id'], { level: 'organisation_id' }).fields).toEqual({
      organisation_id: 'The level follows the organisation.',
    });
  });

  it('reads the spec\u2019s is_error/errors answer too', () => {
    const answer = { is_error: true, errors: { email: 'Enter an e-mail address.' } };
    expect(mapServerError(answer, ['email'])).toEqual({
      fields: { email: 'Enter an e-mail address.' },
      formError: FIELDS_BELOW,
    });
  });

  it('shows the message of an error without fields, and a generic one for anything else', () => {
    expect(mapServerError(new ApiError(403, 'FORBIDDEN', 'Not allowed.'), ['name'])).toEqual({
      fields: {},
      formError: 'Not allowed.',
    });
    expect(mapServerError(new TypeError('boom'), ['name']).formError).toBe(NOT_SAVED);
  });
});

describe('applyServerError', () => {
  it('sets each field error on the form and answers the alert', () => {
    const setError = vi.fn();
    const message = applyServerError(refused({ name: 'Taken.', other: 'Elsewhere.' }), setError, ['name']);
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'Taken.' });
    expect(setError).toHaveBeenCalledTimes(1);
    expect(message).toBe('Elsewhere.');
  });
});
