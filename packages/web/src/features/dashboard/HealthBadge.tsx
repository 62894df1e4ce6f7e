// The app's one health badge lives in components (issue 18.18); the dashboard's cells import it here.
export { HealthBadge, healthLabel, MANTINE_HEALTH, TEXT_BAD, TEXT_GOOD } from '../../components/HealthBadge';
