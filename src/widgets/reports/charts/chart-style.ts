import styled from 'styled-components';
import { space, token } from '../../kit/index.js';

const INKS = { primary: token('color-primary'), text: token('color-text'), muted: token('color-text-muted') } as const;

const inkRules = Object.entries(INKS)
  .map(([ink, colour]) => `.ink-${ink} { fill: ${colour}; } .line-${ink} { stroke: ${colour}; fill: none; } .edge-${ink} { stroke: ${colour}; }`)
  .join('\n');

/** The chart's box: every colour of the drawing comes from the theme tokens. */
export const ChartBox = styled.figure`
  margin: 0;
  min-width: 0;
  & svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
    font-family: ${token('font-family')};
  }
  & .paper {
    fill: ${token('color-background')};
  }
  ${inkRules}
  & .bar {
    stroke-width: 1.25;
  }
  & .line {
    fill: none;
    stroke-width: 2.5;
  }
  & .marker {
    fill: ${token('color-background')};
    stroke-width: 2;
  }
  & .grid {
    stroke: ${token('color-border')};
    stroke-dasharray: 2 3;
  }
  & .baseline {
    stroke: ${token('color-text-muted')};
  }
  & .tick {
    font-size: 12px;
    fill: ${token('color-text-muted')};
  }
  & .value {
    font-size: 11.5px;
    font-weight: 600;
    fill: ${token('color-text')};
  }
`;

export const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(0.5)} ${space(2)};
  margin: ${space(1)} 0 0;
  padding: 0;
  list-style: none;
  font-size: 0.875em;
  color: ${token('color-text')};
  & li {
    display: inline-flex;
    align-items: center;
    gap: ${space(0.75)};
  }
  & svg {
    width: 22px;
    height: 14px;
    flex: none;
  }
`;
