package org.idempotencylab.scenariofile;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Scenario files sit beside scenario/: they name engine strategies, which scenario/ may not import
 * (ArchitectureTest), so they live in their own package, below the UI and the CLI.
 */
class ScenarioFileArchitectureTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.idempotencylab");

    @Test
    void scenarioFilesKnowNoWindowAndNothingBelowKnowsThem() {
        noClasses().that().resideInAPackage("org.idempotencylab.scenariofile..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..",
                        "org.idempotencylab.ui..", "org.idempotencylab.cli..")
                .check(classes);
        noClasses().that().resideInAnyPackage("org.idempotencylab.engine..", "org.idempotencylab.store..",
                        "org.idempotencylab.scenario")
                .should().dependOnClassesThat().resideInAPackage("org.idempotencylab.scenariofile..")
                .check(classes);
    }
}
