/**
 * Accessible names for the forwarding views' tappable things: H5 reads role and aria-*, the
 * mini-program aria-role and aria-label (Taro passes both through as attributes).
 */
export function buttonA11y(label: string, disabled = false) {
  return {
    role: 'button',
    'aria-role': 'button',
    'aria-label': label,
    ...(disabled ? { 'aria-disabled': 'true' } : {}),
  }
}

export function checkboxA11y(label: string, checked: boolean, disabled = false) {
  return {
    role: 'checkbox',
    'aria-role': 'checkbox',
    'aria-label': label,
    'aria-checked': checked ? 'true' : 'false',
    ...(disabled ? { 'aria-disabled': 'true' } : {}),
  }
}
