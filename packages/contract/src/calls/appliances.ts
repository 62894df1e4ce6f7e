import {
  applianceDetailsAnswer,
  placedSystemRow,
  placedSystemsQuery,
  vaultDetailsAnswer,
} from '../appliances';
import { defineCall, idParams } from '../call';
import { tableAnswer } from '../lists';

// The appliance and vault pages (issue 18.8; spec 2.1 names the pages, not their calls: ours,
// docs/decisions.md 'Appliance and vault pages'). The lists page in the database.

export const applianceCalls = {
  details: defineCall({
    area: 'appliances',
    method: 'GET',
    path: '/appliance/get_appliance_details/:id',
    right: 'read',
    summary: "An appliance's status, model, serial, licence use, storage pool and its systems' health.",
    params: idParams,
    ids: { id: 'appliance' },
    answers: { 200: applianceDetailsAnswer },
  }),
  systems: defineCall({
    area: 'appliances',
    method: 'GET',
    path: '/appliance/get_protected_systems/:id',
    right: 'read',
    summary: 'A page of the protected systems behind an appliance, by name.',
    params: idParams,
    query: placedSystemsQuery,
    ids: { id: 'appliance' },
    answers: { 200: tableAnswer(placedSystemRow) },
  }),
  vaultDetails: defineCall({
    area: 'appliances',
    method: 'GET',
    path: '/vault/get_vault_details/:id',
    right: 'read',
    summary: "A vault's type, capacity and use, and the health of the caller's systems stored in it.",
    params: idParams,
    ids: { id: 'vault' },
    answers: { 200: vaultDetailsAnswer },
  }),
  vaultSystems: defineCall({
    area: 'appliances',
    method: 'GET',
    path: '/vault/get_protected_systems/:id',
    right: 'read',
    summary: "A page of the caller's protected systems with copies in a vault, by name.",
    params: idParams,
    query: placedSystemsQuery,
    ids: { id: 'vault' },
    answers: { 200: tableAnswer(placedSystemRow) },
  }),
};
