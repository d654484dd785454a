package org.idempotencylab.ui.keystore;

import static org.idempotencylab.ui.keystore.KeyStoreTexts.TEXTS;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import org.idempotencylab.store.ClaimRow.Status;
import org.idempotencylab.ui.Concept;
import org.idempotencylab.ui.VirtualTime;

/**
 * Binds claimtable.fxml (the claim table's section: {@code processed_jobs} rows, their lease countdowns and the
 * counters) to a {@link ClaimTableViewModel}. The key store view includes it for the live run's claim table and
 * {@link #bind}s it to its own; the window's Real workers tab shows one bound to a real run's (App builds it).
 * Holds no logic beyond wiring; the section is shown only while the view-model has a store attached.
 */
public final class ClaimTableController {
    @FXML private VBox claimSection;
    @FXML private Label claimCounters;
    @FXML private Label claimStatus;
    @FXML private TableView<ClaimTableRow> claimTable;
    @FXML private TableColumn<ClaimTableRow, String> claimKeyColumn;
    @FXML private TableColumn<ClaimTableRow, Status> claimStatusColumn;
    @FXML private TableColumn<ClaimTableRow, String> claimOwnerColumn;
    @FXML private TableColumn<ClaimTableRow, String> lockedUntilColumn;
    @FXML private TableColumn<ClaimTableRow, ClaimTableRow> leaseColumn;
    @FXML private TableColumn<ClaimTableRow, String> claimResultColumn;
    @FXML private TableColumn<ClaimTableRow, Number> claimsColumn;
    @FXML private TableColumn<ClaimTableRow, String> claimCreatedAtColumn;
    @FXML private TableColumn<ClaimTableRow, String> completedAtColumn;
    private ClaimColumns columns;

    /** Unbound until {@link #bind}: the FXML loader builds it (inside keystore.fxml, or on its own). */
    public ClaimTableController() {
    }

    /** Shows {@code claims}: its rows, counters and status line; the section is visible while it has a store. */
    public void bind(ClaimTableViewModel claims) {
        KeyStoreController.fixed(claimKeyColumn, r -> new ReadOnlyStringWrapper(r.key()));
        KeyStoreController.fixed(claimStatusColumn, ClaimTableRow::statusProperty);
        claimStatusColumn.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Status status, boolean empty) {
                super.updateItem(status, empty);
                setText(empty || status == null ? null : status.sql());
                Concept.mark(this, empty || status == null ? null
                        : status == Status.IN_PROGRESS ? Concept.IN_PROGRESS : Concept.KEY_REMEMBERED);
            }
        });
        KeyStoreController.fixed(claimOwnerColumn, ClaimTableRow::ownerProperty);
        KeyStoreController.fixed(lockedUntilColumn, r -> KeyStoreController.time(r.lockedUntilMsProperty()));
        KeyStoreController.fixed(leaseColumn, ReadOnlyObjectWrapper::new);
        leaseColumn.setCellFactory(col -> new CountdownCell<>(claims.nowMsProperty(), Concept.LEASE));
        KeyStoreController.fixed(claimResultColumn, ClaimTableRow::resultProperty);
        KeyStoreController.fixed(claimsColumn, ClaimTableRow::claimsProperty);
        KeyStoreController.fixed(claimCreatedAtColumn, r -> KeyStoreController.time(r.createdAtMsProperty()));
        KeyStoreController.fixed(completedAtColumn, r -> Bindings.createStringBinding(() -> r.completedAtMs() == null
                ? "" : VirtualTime.format(r.completedAtMs()), r.completedAtMsProperty()));
        claimTable.setItems(claims.rows());
        claimTable.setPlaceholder(KeyStoreController.fitted(claimTable,
                KeyStoreController.placeholder(TEXTS.get("claims.empty"))));
        claimCounters.textProperty().bind(claims.countersProperty());
        KeyStoreController.status(claimStatus, claims);
        claimSection.visibleProperty().bind(claims.inUseProperty());
        KeyStoreController.shownWhen(claimSection);
        columns = new ClaimColumns(claimTable, claimKeyColumn, claimStatusColumn, leaseColumn, claimStatus);
    }

    /** Fits the key column to the keys of a run of a workflow whose steps are {@code names}; after {@link #bind}. */
    void steps(List<String> names) {
        columns.steps(names);
    }

    /**
     * @return px the table needs to show its key, status and lease columns whole side by side, in the type it has
     *         now (more in presentation mode, and as longer keys arrive); 0 until {@link #bind}
     */
    public ReadOnlyDoubleProperty readableWidthProperty() {
        return columns.readableWidthProperty();
    }
}
