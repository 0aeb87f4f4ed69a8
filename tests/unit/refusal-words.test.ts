import { describe, expect, it } from 'vitest';
import { forbiddenReason } from '../../commands/access';
import { commandById } from '../../commands/index';
import { listInWords, permissionLabels, refusalOf, rolesInWords } from '../../domain/labels';
import { permissions } from '../../domain/permissions';

describe('refusals name who may, in words, from the permission table', () => {
  it('says who may suspend customers, as the issue asks', () => {
    expect(refusalOf('user_suspension')).toBe('Only admins, PL2 agents and support masters may suspend customers');
    const suspend = commandById('user.suspend');
    if (!suspend) throw new Error('user.suspend is a command');
    expect(forbiddenReason(suspend)).toBe('Only admins, PL2 agents and support masters may suspend customers');
  });

  it('groups the roles as staff speak of them', () => {
    expect(rolesInWords(['ADMIN'])).toBe('admins');
    expect(
      rolesInWords(['ADMIN', 'SUPPORT_PL1', 'SUPPORT_PL2', 'SUPPORT_PL1_CC', 'SUPPORT_PL2_CC', 'SUPPORT_MASTER']),
    ).toBe('admins and support agents');
    expect(rolesInWords(['ADMIN', 'SUPPORT_PL2_CC', 'SUPPORT_PL1_CC', 'SUPPORT_MASTER'])).toBe(
      'admins, CC agents and support masters',
    );
    expect(rolesInWords(['ADMIN', 'SUPPORT_MASTER', 'SUPPORT_PL2_CC'])).toBe(
      'admins, PL2 CC agents and support masters',
    );
    expect(refusalOf('bundle_page_creation', 'open Bundles')).toBe('Only admins and partner managers may open Bundles');
  });

  it('a list of any-of permissions names every role holding one of them', () => {
    expect(refusalOf(['give_credit', 'exchange_rates'])).toBe(
      'Only admins, PL2 agents, support masters, marketers and partner managers may give credit',
    );
    expect(refusalOf(['give_credit', 'give_credit_capped'])).toBe('Only signed-in staff may give credit');
  });

  it('has words for every permission, none of them an id', () => {
    for (const permission of permissions) {
      expect(permissionLabels[permission]).toMatch(/^[a-z][a-z ’,-]+[a-z]$/i);
      expect(refusalOf(permission)).not.toContain('_');
    }
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
