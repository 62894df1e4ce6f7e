import { ChoiceCards } from './ChoiceCards';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';

/** recoverToolSelect: shown when the client has both tools; the choice sets the flow type. */
export function RecoverToolSelectStep({ state, dispatch }: StepProps) {
  return (
    <>
      <ChoiceCards
        choices={[
          {
            value: 'first',
            label: 'Appliance and cloud backups',
            description:
              'Systems protected by the first-generation tool: files, shares, virtual machines and failover.',
          },
          {
            value: 'second',
            label: 'Direct-to-cloud backups',
            description:
              'Systems protected by the second-generation tool: FTPS exports, the cloud virtual office and Azure.',
          },
        ]}
        onChoose={(tool) => dispatch({ type: 'chooseTool', tool })}
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
