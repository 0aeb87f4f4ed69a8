import { describe, expect, it } from 'vitest';
import { formatBucket, formatParameterValue, modelParameters, parameterByKey } from '../../domain/model-parameters';
import { canMoveModel, modelMovesInWords, modelTransitions, refusedMoveMessage } from '../../domain/model-states';
import { modelStates } from '../../domain/profiles';
import { toneCurvePoints } from '../../domain/tone-curve';
import { selectionFromSearch, selectionToSearch, toggled, withoutField } from '../../views/models/selection-url';

describe('model review helpers', () => {
  it('keeps a selection in the address and reads it back the same', () => {
    const selection = {
      selection: { 'cameras-profile': ['Sony ILCE-7M4', 'Canon EOS R5'], 'model-type': ['RAW'] },
      parameters: { temperature: [5500], crop_angle: [-15] },
    };
    const search = selectionToSearch(selection);
    expect(search).toBe(
      '?f.cameras-profile=Sony+ILCE-7M4&f.cameras-profile=Canon+EOS+R5&f.model-type=RAW&p.temperature=5500&p.crop_angle=-15',
    );
    expect(selectionFromSearch(search)).toEqual(selection);
    expect(selectionFromSearch('?p.temperature=warm&sort=x')).toEqual({ selection: {}, parameters: {} });
  });

  it('toggles one value on and off, and a radio to one value', () => {
    const on = toggled({ selection: {}, parameters: {} }, 'parameters', 'exposure', 25);
    expect(on.parameters).toEqual({ exposure: [25] });
    expect(toggled(on, 'parameters', 'exposure', 25).parameters).toEqual({});
    const radio = toggled(
      { selection: { 'model-type': ['RAW'] }, parameters: {} },
      'selection',
      'model-type',
      'JPG',
      true,
    );
    expect(radio.selection).toEqual({ 'model-type': ['JPG'] });
  });

  it('drops the facet or parameter a 400 names, and nothing when it names something else', () => {
    const selection = {
      selection: { 'cameras-profile': ['Sony ILCE-7M4'], 'model-type': ['RAW'] },
      parameters: { temperature: [5500] },
    };
    expect(withoutField(selection, 'selection.cameras-profile')).toEqual({
      selection: { 'model-type': ['RAW'] },
      parameters: { temperature: [5500] },
    });
    expect(withoutField(selection, 'parameters.temperature')?.parameters).toEqual({});
    expect(withoutField(selection, 'selection.process-version')).toBeNull();
    expect(withoutField(selection, 'reason')).toBeNull();
    expect(selection.selection['cameras-profile']).toEqual(['Sony ILCE-7M4']);
  });

  it('formats stored values in the unit an editor shows', () => {
    const exposure = parameterByKey('exposure');
    const aspect = parameterByKey('crop_aspect');
    const temperature = parameterByKey('temperature');
    if (!exposure || !aspect || !temperature) throw new Error('parameters missing');
    expect(formatParameterValue(exposure, 125)).toBe('+1.25 EV');
    expect(formatParameterValue(aspect, 150)).toBe('3:2');
    expect(formatBucket(temperature, 5500)).toBe('5500 K … 5749 K');
    expect(new Set(modelParameters.map((parameter) => parameter.key)).size).toBe(modelParameters.length);
  });

  it('states every move of the state machine once, with a message naming the allowed next states', () => {
    for (const from of modelStates) for (const to of modelTransitions[from]) expect(modelStates).toContain(to);
    expect(canMoveModel('PENDING_REVIEW', 'READY')).toBe(true);
    expect(canMoveModel('DEPRECATED', 'READY')).toBe(false);
    expect(refusedMoveMessage('READY', 'FAIL')).toBe(
      'A model that is ready cannot become failed; allowed next states: deprecated',
    );
    expect(refusedMoveMessage('ON_HOLD', 'READY', 'PENDING_REVIEW')).toBe(
      'A model that is on hold cannot become ready (it was held from pending review); allowed next states: pending review or failed',
    );
    expect(modelMovesInWords()).toMatch(/^Pending → in process, on hold or failed; In process → /);
    expect(modelMovesInWords()).not.toMatch(/\b[A-Z][A-Z0-9]+(_[A-Z0-9]+)+\b|\bFAIL\b|\bREADY\b/);
  });

  it('draws the identity for a neutral curve and lifts the shadows of a matte one', () => {
    const neutral = toneCurvePoints({ highlights: 0, lights: 0, darks: 0, shadows: 0 });
    expect(neutral.map((point) => Math.round(point.output))).toEqual(neutral.map((point) => Math.round(point.input)));
    const matte = toneCurvePoints({ highlights: 0, lights: 0, darks: 0, shadows: 60 });
    expect(matte[2]?.output).toBeGreaterThan(matte[2]?.input ?? 0);
    expect(matte[16]?.output).toBe(100);
  });
});
