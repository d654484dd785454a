package org.idempotencylab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** DESIGN.md's one-way arrows: nothing below the UI knows a window exists. */
class ArchitectureTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.idempotencylab");

    @Test
    void engineStoreScenarioAndCliDoNotUseJavaFx() {
        noClasses().that().resideInAnyPackage("org.idempotencylab.engine..", "org.idempotencylab.store..",
                        "org.idempotencylab.scenario..", "org.idempotencylab.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..")
                .check(classes);
    }

    @Test
    void onlyTheUiDependsOnTheUi() {
        noClasses().that().resideInAnyPackage("org.idempotencylab.engine..", "org.idempotencylab.store..",
                        "org.idempotencylab.scenario..", "org.idempotencylab.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("org.idempotencylab.ui..")
                .check(classes);
    }

    @Test
    void theStoreAndScenarioDoNotDependOnTheEngineOrCli() {
        noClasses().that().resideInAnyPackage("org.idempotencylab.store..", "org.idempotencylab.scenario..")
                .should().dependOnClassesThat().resideInAnyPackage("org.idempotencylab.engine..",
                        "org.idempotencylab.cli..")
                .check(classes);
    }
}
