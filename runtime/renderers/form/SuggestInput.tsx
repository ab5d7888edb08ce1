/**
 * A layout's `suggest`: a text input that offers what a call answers while the person types (the
 * 地址输入提示 shape `{tips: [{name, address, district, adcode}]}`). The form's region field, when
 * the layout names one, limits the suggestions to that region; choosing a suggestion fills the
 * region when it is still empty, and a region suggestion sets the region and leaves the text for
 * the street. A failed call shows its own message under the field instead of suggestions: typing
 * is never blocked by it.
 */
import { useEffect, useRef, useState } from 'react';
import { AutoComplete, Input, Typography } from 'antd';
import { useField } from '@formily/react';
import type { Field } from '@formily/core';
import { invoke } from '../../../api/call';

interface Tip { id: string; name: string; address?: string; district?: string; adcode?: string }
interface Props {
  value?: string | null;
  onChange?: (value: string) => void;
  suggest: { api: string; region?: string };
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
}

const WAIT_MS = 250;

export function SuggestInput({ value, onChange, suggest, maxLength, placeholder, disabled, allowClear }: Props) {
  const field = useField<Field>();
  const [tips, setTips] = useState<Tip[]>([]);
  const [error, setError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const asked = useRef(0);
  const region = suggest.region ? field.form.values[suggest.region] : undefined;

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    clearTimeout(timer.current);
    const keywords = text.trim().slice(0, 50);
    if (!keywords) {
      setTips([]);
      return;
    }
    timer.current = setTimeout(() => {
      const n = ++asked.current;
      const query: Record<string, string> = { keywords };
      if (region) Object.assign(query, { city: String(region), citylimit: 'true' });
      invoke<{ tips?: Tip[] }>(suggest.api, { query }).then((r) => {
        if (n !== asked.current) return;
        setError(undefined);
        setTips(r?.tips ?? []);
      }, (e: Error) => {
        if (n !== asked.current) return;
        setTips([]);
        setError(e.message);
      });
    }, WAIT_MS);
  };

  const choose = (id: string) => {
    const tip = tips.find((t) => t.id === id);
    if (!tip) return;
    const regionField = suggest.region;
    if (!tip.address) {
      // a region: it belongs in the region field; without one, the text carries it
      if (regionField && tip.adcode) {
        field.form.setValuesIn(regionField, tip.adcode);
        onChange?.('');
      } else onChange?.(`${tip.district ?? ''}${tip.district?.endsWith(tip.name) ? '' : tip.name}`);
      return;
    }
    onChange?.(tip.address);
    if (regionField && tip.adcode && !field.form.values[regionField]) field.form.setValuesIn(regionField, tip.adcode);
  };

  return (
    <>
      <AutoComplete
        value={value ?? ''}
        options={tips.map((t) => ({
          value: t.id,
          label: (
            <div>
              <div>{t.address || t.name}</div>
              {t.district ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t.district}</Typography.Text> : null}
            </div>
          ),
        }))}
        onSearch={search}
        onSelect={(id: string) => choose(id)}
        onChange={(v: string) => {
          // typing reaches the form as typed; a chosen option's id never does (onSelect handles it)
          if (!tips.some((t) => t.id === v)) onChange?.(v);
        }}
        disabled={disabled}
        maxLength={maxLength}
        style={{ width: '100%' }}
      >
        <Input placeholder={placeholder} allowClear={allowClear} />
      </AutoComplete>
      {error ? <Typography.Text type="warning" style={{ fontSize: 12 }}>地址提示暂不可用：{error}</Typography.Text> : null}
    </>
  );
}
