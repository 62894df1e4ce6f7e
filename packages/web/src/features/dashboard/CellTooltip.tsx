export { CellTooltip } from '../../components/CellTooltip';
