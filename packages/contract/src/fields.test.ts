import { describe, expect, it } from 'vitest';
import { alertSettingsForm } from './device-thresholds';
import { clientFormWithReseller, userCreateForm, userEditForm } from './entities';
import {
  changedPasswordRule,
  emailRule,
  FIELD_MAX,
  fieldIssues,
  fieldMessages,
  nameRule,
  passwordRule,
  sanitizeEntityInput,
  usernameRule,
} from './fields';
import { loginRequest, loginWithCodeRequest } from './session';

const issues = (r: { success: boolean; error?: import('zod').ZodError }) =>
  r.error ? fieldIssues(r.error) : {};

describe('field rules', () => {
  it('drops the characters spec 5 excludes and trims names', () => {
    expect(sanitizeEntityInput('Acme <Dental>; {Care} & Co.')).toBe('Acme Dental Care & Co.');
    expect(nameRule('client name').parse('  Dental <b>Care</b>; Ltd ')).toBe('Dental bCare/b Ltd');
  });

  it('asks for a required name and bounds its length, with the label in the message', () => {
    expect(issues(nameRule('client name').safeParse(' <> '))).toEqual({ '': 'Enter the client name.' });
    expect(issues(nameRule('name').safeParse('x'.repeat(FIELD_MAX.name + 1)))).toEqual({
      '': 'The name can be at most 100 characters.',
    });
  });

  it('lower-cases e-mail addresses and refuses ones without a domain; empty only when optional', () => {
    expect(emailRule().parse(' Office@Dental.Example ')).toBe('office@dental.example');
    expect(emailRule().parse('')).toBe('');
    expect(emailRule().safeParse('not-an-address').error?.issues[0]?.message).toBe(fieldMessages.email);
    expect(emailRule(true).safeParse('').error?.issues[0]?.message).toBe('Enter the e-mail address.');
  });

  it('keeps user names to letters, digits and a few signs, lower-cased', () => {
    expect(usernameRule.parse('Jane.Doe+ops')).toBe('jane.doe+ops');
    expect(usernameRule.parse('')).toBe('');
    expect(usernameRule.safeParse('jane doe').error?.issues[0]?.message).toBe(fieldMessages.username);
  });

  it('wants new passwords of at least 8 characters, and lets an edit keep the current one', () => {
    expect(passwordRule.safeParse('short').error?.issues[0]?.message).toBe('Use at least 8 characters.');
    expect(passwordRule.parse(' <any pw> ')).toBe(' <any pw> ');
    expect(changedPasswordRule.parse('')).toBe('');
    expect(changedPasswordRule.safeParse('short').success).toBe(false);
  });
});

describe('form schemas', () => {
  it('flags every missing field of an empty Add client as staff, the reseller included', () => {
    const r = clientFormWithReseller.safeParse({ name: '', email: '', reseller_id: '' });
    expect(issues(r)).toEqual({ name: 'Enter the client name.', reseller_id: fieldMessages.reseller });
  });

  it('checks a new user and an edited one with the same rules', () => {
    const add = userCreateForm.safeParse({
      organisation_id: '7',
      name: '',
      email: 'x',
      username: 'a b',
      password: 'short',
      disabled: false,
      role_id: '0',
    });
    expect(Object.keys(issues(add)).sort()).toEqual(['email', 'name', 'password', 'username']);
    const edit = userEditForm.safeParse({
      organisation_id: '7',
      name: 'Jane',
      email: '',
      username: 'jane',
      password: '',
      disabled: false,
      role_id: '0',
    });
    expect(edit.success).toBe(true);
  });

  it('asks for the sign-in fields, and for the code once the server wants it', () => {
    expect(issues(loginRequest.safeParse({ username: '  ', password: '' }))).toEqual({
      username: 'Enter your user name.',
      password: 'Enter your password.',
    });
    expect(issues(loginWithCodeRequest.safeParse({ username: 'a', password: 'b', code: ' ' }))).toEqual({
      code: 'Enter the code from your authenticator app.',
    });
  });
});

describe('alert settings form', () => {
  it('answers minutes for typed hours and days, and the range message otherwise', () => {
    const form = alertSettingsForm('server');
    const ok = form.parse({
      backup_minutes: '12',
      backup_enabled: true,
      local_cache_minutes: '3',
      local_cache_enabled: false,
    });
    expect(ok).toEqual({
      backup_minutes: 720,
      backup_enabled: true,
      local_cache_minutes: 4320,
      local_cache_enabled: false,
    });
    const bad = form.safeParse({ ...ok, backup_minutes: '1', local_cache_minutes: '3' });
    expect(bad.error?.issues[0]?.message).toBe('Enter a whole number of hours between 2 and 8760.');
  });
});
