import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@esim/platform';
import { LANGUAGES, resolveLanguage, type Language } from '@esim/utils';
import { LANGUAGE_NAMES } from '../app/language-names';
import { ChevronDownIcon, GlobeIcon } from './icons';

/** Next highlighted option for a key in the open list; undefined = not a list key. */
function movedIndex(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * The language switch of the sign-in screens, looking like the signed-in header's antd dropdown
 * without loading antd (decision 0004): a button that opens a listbox. Keyboard: Enter, Space or
 * the arrows open it; arrows, Home and End move; Enter or Space choose; Escape closes.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('common');
  const current = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const optionId = (language: Language) => `${listId}-${language}`;

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const show = () => {
    setActive(LANGUAGES.indexOf(current));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (language: Language) => {
    close();
    if (language !== current) void changeLanguage(language);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    show();
  };
  const onListKeyDown = (event: KeyboardEvent) => {
    const next = movedIndex(event.key, active, LANGUAGES.length);
    if (next !== undefined) setActive(next);
    else if (event.key === 'Enter' || event.key === ' ') choose(LANGUAGES[active] ?? current);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') return setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className="esim-language" ref={root}>
      <button
        ref={button}
        type="button"
        className="esim-text-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`${t('language.label')}: ${LANGUAGE_NAMES[current]}`}
        data-testid="language-switch"
        onClick={() => (open ? close() : show())}
        onKeyDown={onButtonKeyDown}
      >
        <GlobeIcon />
        <span lang={current}>{LANGUAGE_NAMES[current]}</span>
        <ChevronDownIcon />
      </button>
      {open && (
        <ul
          ref={list}
          id={listId}
          role="listbox"
          tabIndex={-1}
          className="esim-menu"
          aria-label={t('language.label')}
          aria-activedescendant={optionId(LANGUAGES[active] ?? current)}
          onKeyDown={onListKeyDown}
        >
          {LANGUAGES.map((language, index) => (
            <li
              key={language}
              id={optionId(language)}
              role="option"
              lang={language}
              aria-selected={language === current}
              className={
                index === active ? 'esim-menu-item esim-menu-item-active' : 'esim-menu-item'
              }
              data-testid={`language-option-${language}`}
              onClick={() => choose(language)}
              onPointerMove={() => setActive(index)}
            >
              {LANGUAGE_NAMES[language]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
