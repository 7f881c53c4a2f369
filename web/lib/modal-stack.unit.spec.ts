import { beforeEach, describe, expect, it } from 'vitest';
import { hideAllModals, hideModal, modalStack, showModal } from './modal-stack.ts';

const names = () => modalStack.stack.map((entry) => entry.name);

describe('modal stack', () => {
  beforeEach(hideAllModals);
  it('should push on show and pop on hide', () => {
    showModal('INFO');
    showModal('LOGOUT', { from: 'settings' });
    expect(names()).toEqual(['INFO', 'LOGOUT']);
    expect(modalStack.stack[1]?.props).toEqual({ from: 'settings' });
    hideModal();
    expect(names()).toEqual(['INFO']);
  });
  it('should clear everything on hide-all', () => {
    showModal('INFO');
    showModal('SEARCH');
    hideAllModals();
    expect(names()).toEqual([]);
  });
  it('should leave an empty stack empty on hide', () => {
    hideModal();
    expect(names()).toEqual([]);
  });
});
