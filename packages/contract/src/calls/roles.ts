import { defineCall, idParams } from '../call';
import { roleAnswer, roleSaveBody, rolesAnswer } from '../roles';
import { doneAnswer } from '../security';

// Custom roles (docs/decisions.md 'Roles'): not in the spec, so under /api. Managed where users
// are, with the same right.
export const roleCalls = {
  list: defineCall({
    area: 'entities',
    method: 'GET',
    path: '/api/roles',
    right: 'manage_users',
    summary: 'The custom roles in scope, with how many users have each.',
    answers: { 200: rolesAnswer },
  }),
  forOrganisation: defineCall({
    area: 'entities',
    method: 'GET',
    path: '/api/roles/organisation/:id',
    right: 'manage_users',
    summary: "The custom roles the users of an organisation may have: its own and its reseller's.",
    params: idParams,
    ids: { id: 'organisation' },
    answers: { 200: rolesAnswer },
  }),
  create: defineCall({
    area: 'entities',
    method: 'POST',
    path: '/api/roles',
    right: 'manage_users',
    summary: 'Make a role: a name and rights the caller holds. Audited.',
    json: roleSaveBody,
    ids: { organisation_id: 'organisation' },
    answers: { 200: roleAnswer },
  }),
  update: defineCall({
    area: 'entities',
    method: 'PUT',
    path: '/api/roles/:id',
    right: 'manage_users',
    summary:
      "Rename a role or change its rights (only rights the caller holds); its users' rights follow. Audited.",
    params: idParams,
    ids: { id: 'role' },
    json: roleSaveBody.omit({ organisation_id: true }),
    answers: { 200: roleAnswer },
  }),
  remove: defineCall({
    area: 'entities',
    method: 'DELETE',
    path: '/api/roles/:id',
    right: 'manage_users',
    summary: 'Remove a role no user has. Audited.',
    params: idParams,
    ids: { id: 'role' },
    answers: { 200: doneAnswer },
  }),
};
