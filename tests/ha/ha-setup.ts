import { ha } from './ha-cli';

/** A fresh topology for the run: whatever an earlier run left is taken down first. */
export default function setup() {
  ha('down');
  ha('up');
}
